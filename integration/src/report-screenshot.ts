// `node integration/dist/src/report-screenshot.js <report.html> <picture.png>`: the picture of a
// conformance report page in the vendors' guide (docs/vendors.md), taken in headless Chromium with the first failure open.
import { resolve } from 'node:path';
import { launchChromium } from './chromium.js';

const [report, picture] = process.argv.slice(2);
if (!report || !picture) {
  process.stderr.write('usage: report-screenshot <report.html> <picture.png>\n');
  process.exit(2);
}
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 960 } });
  await page.goto(`file://${resolve(report)}`);
  await page.locator('details.failure summary').first().click();
  await page.screenshot({ path: picture });
} finally {
  await browser.close();
}
