// A page opened in headless Chromium as a vendor opens a CI artifact, recording what it asks
// for and what goes wrong; tests skip without Chromium.
import type { Page } from 'playwright-core';
import { launchChromium } from '../../src/chromium.js';

export { CHROMIUM, chromiumInstalled } from '../../src/chromium.js';

export interface OpenedPage {
  page: Page;
  /** Console errors and uncaught exceptions of the page. */
  problems: string[];
  /** Every request the page made besides loading itself. */
  requests: string[];
  close(): Promise<void>;
}

export async function openFile(file: string): Promise<OpenedPage> {
  const browser = await launchChromium();
  const page = await browser.newPage();
  const url = `file://${file}`;
  const problems: string[] = [];
  const requests: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
  page.on('request', (request) => request.url() !== url && requests.push(request.url()));
  await page.goto(url);
  return { page, problems, requests, close: () => browser.close() };
}
