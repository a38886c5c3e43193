// Event ids and feed cursors that say nothing of other organizations (DECISIONS 334), an extension
// beyond the reference: FF1 as NIST specifies it, the codec built on it, and what a reader of one
// organization sees while another writes.

import type { TestServer } from '@warehouse-kit/testing/server';
import { createWorld, startWorld, testOrm, uniqueId, type World } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { Ff1 } from '../src/events/ff1.js';
import { EventCodec } from '../src/events/opaque.js';
import { feedEnd, ok, readEvents } from './support/events.js';

const KEY_128 = '2B7E151628AED2A6ABF7158809CF4F3C';
const KEY_192 = `${KEY_128}EF4359D8D580AA4F`;
const KEY_256 = `${KEY_192}7F036D6F04FC6A94`;
const TWEAK_10 = '39383736353433323130';
const TWEAK_11 = '3737373770717273373737';

/** NIST's FF1 samples 1 to 9 (SP 800-38G examples): key, radix, tweak, plaintext, ciphertext. */
const samples: [string, number, string, string, string][] = [
  [KEY_128, 10, '', '0123456789', '2433477484'],
  [KEY_128, 10, TWEAK_10, '0123456789', '6124200773'],
  [KEY_128, 36, TWEAK_11, '0123456789abcdefghi', 'a9tv40mll9kdu509eum'],
  [KEY_192, 10, '', '0123456789', '2830668132'],
  [KEY_192, 10, TWEAK_10, '0123456789', '2496655549'],
  [KEY_192, 36, TWEAK_11, '0123456789abcdefghi', 'xbj3kv35jrawxv32ysr'],
  [KEY_256, 10, '', '0123456789', '6657667009'],
  [KEY_256, 10, TWEAK_10, '0123456789', '1001623463'],
  [KEY_256, 36, TWEAK_11, '0123456789abcdefghi', 'xs8a0azh2avyalyzuwd'],
];

const numberOf = (numerals: string, radix: number) =>
  [...numerals].reduce((value, numeral) => value * BigInt(radix) + BigInt(Number.parseInt(numeral, 36)), 0n);
const numeralsOf = (value: bigint, radix: number, length: number) => value.toString(radix).padStart(length, '0');

describe('opaque event ids and cursors (extension)', () => {
  describe('FF1', () => {
    it("encrypts and decrypts NIST's nine samples", () => {
      for (const [key, radix, tweak, plain, sealed] of samples) {
        const ff1 = new Ff1(Buffer.from(key, 'hex'), radix, plain.length);
        const t = Buffer.from(tweak, 'hex');
        expect(numeralsOf(ff1.encrypt(numberOf(plain, radix), t), radix, plain.length), sealed).to.equal(sealed);
        expect(numeralsOf(ff1.decrypt(numberOf(sealed, radix), t), radix, plain.length), plain).to.equal(plain);
      }
    });
  });

  describe('the codec', () => {
    const codec = new EventCodec(Buffer.alloc(32, 1));

    it('gives every row an evt_ id of at most 19 digits, in no order, and reads it back', () => {
      const ids = Array.from({ length: 2_000 }, (_, n) => codec.eventId(7, String(1_000 + n)));
      expect(new Set(ids).size).to.equal(ids.length);
      for (const id of ids) expect(id).to.match(/^evt_(0|[1-9]\d{0,18})$/);
      expect(ids.map((id) => codec.rowIdOf(7, id))).to.deep.equal(ids.map((_, n) => String(1_000 + n)));
      const numbers = ids.map((id) => BigInt(id.slice(4)));
      const rising = numbers.filter((value, n) => n > 0 && value > numbers[n - 1]!).length;
      expect(rising, 'consecutive rows rise about half the time, as at random').to.be.within(850, 1_150);
      expect(codec.eventId(8, '1000'), 'another organization, another permutation').to.not.equal(ids[0]);
      expect(codec.rowIdOf(8, ids[0]!)).to.not.equal('1000');
    });

    it('reads no id that is not evt_ and canonical digits below 2^63', () => {
      for (const id of ['evt_', 'evt_01', 'evt_-1', `evt_${2n ** 63n}`, 'evt_1 ', '1', 'evt_1e3'])
        expect(codec.rowIdOf(7, id), id).to.equal(undefined);
    });

    it('seals a position so that it reads back only for its organization and unaltered', () => {
      const position = { txid: '18446744073709551615', id: '9223372036854775807' };
      const cursor = codec.cursor(7, position);
      expect(cursor).to.match(/^[A-Za-z0-9_-]{1,200}$/);
      expect(codec.position(7, cursor)).to.deep.equal(position);
      expect(codec.cursor(7, position), 'the same on every read').to.equal(cursor);
      expect(codec.cursor(8, position), 'another for another organization').to.not.equal(cursor);
      expect(codec.cursor(7, { ...position, id: '1' })).to.not.equal(cursor);
      expect(() => codec.position(8, cursor)).to.throw('after must be a next_cursor or a cursor from this feed');
      const altered = Buffer.from(cursor, 'base64url');
      altered[5] = altered[5]! ^ 0x80;
      expect(() => codec.position(7, altered.toString('base64url'))).to.throw('after must be');
      expect(() => new EventCodec(Buffer.alloc(32, 2)).position(7, cursor)).to.throw('after must be');
    });
  });

  describe('between organizations', () => {
    let server: TestServer;
    let a: World;
    let b: World;

    before(async () => {
      ({ server, world: a } = await startWorld());
      b = await createWorld(server);
    });
    after(() => server.close());

    const company = (world: World) =>
      ok(world.as('admin').post('/companies', { company: { name: uniqueId('Ids '), company_type: 'carrier' } }));

    it("shows ids and cursors that hold neither the row ids nor the transaction ids another organization's writes move", async () => {
      const start = await feedEnd(a.as('admin'));
      await company(a);
      for (let write = 0; write < 7; write++) await company(b);
      await company(a);
      const events = await readEvents(a.as('admin'), start, 2);
      const rows = await (await testOrm()).em.fork().execute<{ id: string; txid: string }[]>(
        `select e.id::text, e.txid::text from events e join organizations o on o.id = e.organization_id
            where o.subdomain = ? order by e.txid, e.id`,
        [a.id],
      );
      const [first, second] = rows.slice(-2);
      expect(events.map((event) => event.id)).to.not.include.members([`evt_${first!.id}`, `evt_${second!.id}`]);
      for (const event of events) {
        const bytes = Buffer.from(event.cursor, 'base64url');
        // Neither as the text the cursor was (`v1.<txid>.<id>`) nor as the 8 bytes the server seals.
        expect(bytes.toString('latin1')).to.not.match(/^v1\./);
        for (const value of [first!.id, first!.txid, second!.id, second!.txid]) {
          const binary = Buffer.alloc(8);
          binary.writeBigUInt64BE(BigInt(value));
          expect(bytes.includes(binary), `cursor holds ${value}`).to.equal(false);
        }
      }
      // And yet the feed reads on from either, exactly once.
      const after = await readEvents(a.as('admin'), events[0]!.cursor, 1);
      expect(after.map((event) => event.id)).to.deep.equal([events[1]!.id]);
      expect((await a.as('admin').get(`/events/${events[1]!.id}`)).body.id).to.equal(events[1]!.id);
      // B cannot name A's events, nor read after A's cursors.
      expect((await b.as('admin').get(`/events/${events[1]!.id}`)).status).to.equal(404);
      expect((await b.as('admin').get('/events', { after: events[0]!.cursor })).status).to.equal(400);
    });
  });
});
