// The spec's patterns for If-Match and the feed's `types` state what the server already refused
// (DECISIONS 446): the spec's validator accepts exactly the values the server's own reading
// takes, so each refuses nothing that was answered before.
import { listOperations } from '@warehouse-kit/spec/document';
import { createAjv, toAjvSchema } from '@warehouse-kit/spec/validators';
import { expect } from 'chai';
import fc from 'fast-check';
import { eventTypes, selectedTypes } from '../src/events/types.js';
import { parseIfMatch } from '../src/http/record-versions.js';

const parameters = listOperations().flatMap((operation) => operation.parameters);
const validatorOf = (name: string) =>
  createAjv().compile(toAjvSchema(parameters.find((parameter) => parameter.name === name)!.schema));

/** Whether `read` takes the value rather than throwing. */
function takes(read: () => unknown): boolean {
  try {
    read();
    return true;
  } catch {
    return false;
  }
}

describe("If-Match, as the spec's pattern and the server read it", () => {
  const bySpec = validatorOf('If-Match');
  // An empty header is no condition.
  const byServer = (value: string) => takes(() => parseIfMatch(value || undefined));
  /** A header value as Node hands it over: no spaces or tabs at either end. */
  const asReceived = (value: string) => value.replace(/^[ \t]+|[ \t]+$/g, '');

  it('refuses the malformed values the server answered 400, and takes the lists it read', () => {
    for (const bad of [
      '0',
      '7',
      '"7',
      'W/7',
      '"a" "b"',
      '"1",',
      ',"1"',
      '"1",,"2"',
      '*, "1"',
      'w/"1"',
      '\u00a0',
      '","',
    ])
      expect([bySpec(bad), byServer(bad)], JSON.stringify(bad)).to.deep.equal([false, false]);
    for (const good of ['', '*', '"7"', 'W/"7"', '"1", W/"2",\t"3"', '""', '"1"\u00a0,\u00a0"2"', '\u00a0*'])
      expect([bySpec(good), byServer(good)], JSON.stringify(good)).to.deep.equal([true, true]);
  });

  it('agrees with the server on any value a header can carry', () => {
    // The characters that decide: white space the server trims or not, list punctuation, and
    // the edges of an entity-tag's characters; the rest of a header's characters act as `a` does.
    const unit = fc.constantFrom(
      ' ',
      '\t',
      '\u00a0',
      '\u0085',
      ',',
      '"',
      'W',
      'w',
      '/',
      '*',
      '7',
      'a',
      '!',
      '~',
      '\x7f',
      '\xff',
    );
    const tag = fc.tuple(fc.constantFrom('', 'W/'), fc.string({ unit, maxLength: 4 })).map(([w, t]) => `${w}"${t}"`);
    const listish = fc
      .array(fc.oneof(tag, fc.constantFrom(',', ' , ', '\t', '\u00a0', '*')), { maxLength: 5 })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit, maxLength: 12 }), listish), (raw) => {
        const value = asReceived(raw);
        expect(bySpec(value), JSON.stringify(value)).to.equal(byServer(value));
      }),
      { numRuns: 5000 },
    );
  });
});

describe("the feed's types, as the spec's pattern and the server read them", () => {
  const bySpec = validatorOf('types');
  const byServer = (value: string) => takes(() => selectedTypes(value));
  const entries = ['*', 'product.*', 'company.*', 'appointment.*', 'purchase_order.*', ...eventTypes];

  it('takes every type, kind and *, and refuses the entries the server answered 400', () => {
    for (const entry of entries) expect([bySpec(entry), byServer(entry)], entry).to.deep.equal([true, true]);
    for (const bad of [
      'company.exploded',
      'widget.*',
      'company.*,',
      'company',
      '**',
      'Product.created',
      'product.',
      ',',
    ])
      expect([bySpec(bad), byServer(bad)], bad).to.deep.equal([false, false]);
  });

  it('agrees with the server on any list of entries', () => {
    // Entries the server knows and near misses, with the white space it trims around them (all of
    // JavaScript's, which is the pattern's \s) and characters it does not.
    const entry = fc.oneof(
      fc.constantFrom(...entries),
      fc.constantFrom('', 'product', 'product.', 'produc.*', 'Product.*', '*.*', 'a', 'product.created.x'),
    );
    const space = fc.constantFrom(
      '',
      ' ',
      '\t',
      '\n',
      '\u00a0',
      '\u2003',
      '\u2028',
      '\ufeff',
      '\u3000',
      '\u001c',
      '\u0085',
    );
    const padded = fc.tuple(space, entry, space).map((parts) => parts.join(''));
    fc.assert(
      fc.property(fc.array(padded, { minLength: 1, maxLength: 4 }), (list) => {
        const value = list.join(',');
        expect(bySpec(value), JSON.stringify(value)).to.equal(byServer(value));
      }),
      { numRuns: 5000 },
    );
  });
});
