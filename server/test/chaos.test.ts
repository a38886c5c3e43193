// The fault run (test/support/chaos.ts) in its short form; `npm run chaos` runs the full one
// (WH_CHAOS=full) and prints its report, whose figures README's "Operating it" quotes.
import { expect } from 'chai';
import { CLIENT_DEADLINE_MARGIN_MS } from '../src/db/orm.js';
import { FULL_FORM, runChaos, SHORT_FORM } from './support/chaos.js';

const form = process.env.WH_CHAOS === 'full' ? FULL_FORM : SHORT_FORM;

/**
 * The longest a write may take while the database is away: a wait for a connection, then one
 * statement with the client's deadline after it (DECISIONS 371), and a margin for a loaded machine.
 */
const BOUND_MS = 2 * form.timeoutMs + CLIENT_DEADLINE_MARGIN_MS;
const MARGIN_MS = 2_000;

describe('writers while PostgreSQL is killed, restarted, hung and resumed', function () {
  this.timeout(form.killMs + form.hangMs + 4 * form.steadyMs + 120_000);

  it('answers every write 200 or 503 within the bound, recovers within 15 s and loses no acknowledged write', async () => {
    const report = await runChaos(form);
    if (process.env.WH_CHAOS === 'full') process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    expect(Object.keys(report.statuses).sort(), JSON.stringify(report)).to.deep.equal(['200', '503']);
    expect(report.longestMs, JSON.stringify(report)).to.be.at.most(BOUND_MS + MARGIN_MS);
    expect(report.recoveryMs.kill).to.be.at.most(15_000);
    expect(report.recoveryMs.hang).to.be.at.most(15_000);
    expect(report.acknowledged).to.be.above(0);
    expect(report.lost).to.equal(0);
  });
});
