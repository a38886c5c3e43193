// Inlined literals (DECISIONS 297): a write's events are JSON inlined in the statement sent with
// its COMMIT, so whatever text a user put in a record must come back from PostgreSQL exactly,
// and nothing in it may end the literal early.

import { testOrm } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import fc from 'fast-check';
import type { Orm } from '../src/db/orm.js';
import { sqlLiteral } from '../src/domain/sql-literal.js';

describe('SQL string literals', () => {
  let orm: Orm;
  before(async () => {
    orm = await testOrm();
  });

  const roundTrip = async (text: string, standardConformingStrings: 'on' | 'off') =>
    orm.em.fork().transactional(async (tx) => {
      await tx.execute(`set local standard_conforming_strings = ${standardConformingStrings}`);
      const [row] = await tx.execute<[{ text: string }]>(`select ${sqlLiteral(text)}::text as text`);
      return row.text;
    });

  const hard = [
    '',
    "'",
    "''",
    '\\',
    "\\'",
    "'; drop table events; --",
    'a\\nb',
    '"quoted\\" json"',
    '$$ $tag$ ? $1 :name',
    'tab\there\nnewline\r\n',
    'üñíçødé 🚚 倉庫',
    JSON.stringify({ name: "O'Hara \\ \u0001 \u2028", nested: ["'", '\\'] }),
  ];

  for (const setting of ['on', 'off'] as const) {
    it(`reads back texts with quotes, backslashes and escapes exactly, standard_conforming_strings ${setting}`, async () => {
      for (const text of hard) expect(await roundTrip(text, setting)).to.equal(text);
    });
  }

  it('reads back any text without NUL, and the JSON of any value', async () => {
    const noNul = fc.string({ unit: 'binary', maxLength: 200 }).filter((text) => !text.includes('\u0000'));
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          noNul,
          fc.jsonValue().map((value) => JSON.stringify(value)),
        ),
        async (text) => {
          expect(await roundTrip(text, 'on')).to.equal(text);
        },
      ),
      { numRuns: 200 },
    );
  });
});
