import { expect } from 'chai';
import { WebhookVerificationError as StandardError, Webhook } from 'standardwebhooks';
import {
  generateWebhookSecret,
  signWebhook,
  verifyWebhook,
  WebhookHeaderError,
  WebhookPayloadError,
  WebhookSignatureError,
  WebhookTimestampError,
  WebhookVerificationError,
} from '../src/webhook-signature.js';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const OTHER = 'whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD';
const EVENT = {
  id: 'evt_1042',
  specversion: '1.0',
  type: 'purchase_order.moved',
  source: '/organizations/acme/locations/acme-toronto',
  subject: 'purchase_orders/42',
  time: '2026-12-01T10:00:00-05:00',
  datacontenttype: 'application/json',
  cursor: 'djEuMQ',
  data: {
    object: { id: 42, po_number: 'PO-1 Crème' },
    previous_attributes: { location_name: 'Vancouver DC' },
    truncated: false,
  },
};
const BODY = JSON.stringify(EVENT);
const NOW = new Date('2026-12-01T15:00:00Z');

function failure(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a failure');
}

describe("the contract's webhook signature (Standard Webhooks), which the server signs with and the SDK verifies with", () => {
  it('verifies a delivery it signed and returns the event, typed by its type (with a 24-byte secret whctl listen made before DECISIONS 480)', () => {
    const headers = signWebhook({ id: EVENT.id, body: BODY, secret: SECRET, timestamp: NOW });
    expect(headers['webhook-id']).to.equal('evt_1042');
    expect(headers['webhook-timestamp']).to.equal(String(NOW.getTime() / 1000));
    expect(headers['webhook-signature']).to.match(/^v1,[A-Za-z0-9+/]{43}=$/);
    const event = verifyWebhook(BODY, headers, SECRET, { now: NOW });
    expect(event).to.deep.equal(EVENT);
    if (event.type === 'purchase_order.moved' && !event.data.truncated) {
      // Narrowed by `type`: a purchase order's own field type-checks here.
      expect(event.data.object.po_number).to.equal('PO-1 Crème');
    } else expect.fail('the event was not narrowed to a purchase order event');
  });

  it('interoperates with the standardwebhooks package both ways, on a Buffer body too', () => {
    const theirs = new Webhook(SECRET);
    const signature = theirs.sign(EVENT.id, NOW, BODY);
    const headers = {
      'webhook-id': EVENT.id,
      'webhook-timestamp': String(NOW.getTime() / 1000),
      'webhook-signature': signature,
    };
    expect(verifyWebhook(Buffer.from(BODY), headers, SECRET, { now: NOW })).to.deep.equal(EVENT);
    // Theirs checks the timestamp against the real clock.
    const ours = signWebhook({ id: EVENT.id, body: BODY, secret: SECRET });
    expect(ours['webhook-signature']).to.equal(
      theirs.sign(EVENT.id, new Date(Number(ours['webhook-timestamp']) * 1000), BODY),
    );
    expect(theirs.verify(BODY, { ...ours })).to.deep.equal(EVENT);
    expect(() => theirs.verify(`${BODY} `, { ...ours })).to.throw(StandardError);
  });

  it('signs the example of the Standard Webhooks specification as it gives it', () => {
    const headers = signWebhook({
      id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      body: '{"test": 2432232314}',
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      timestamp: new Date(1614265330 * 1000),
    });
    expect(headers['webhook-signature']).to.equal('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('signs with every secret of a rotation, and accepts any one that matches', () => {
    const headers = signWebhook({ id: EVENT.id, body: BODY, secret: [OTHER, SECRET], timestamp: NOW });
    expect(headers['webhook-signature'].split(' ')).to.have.length(2);
    expect(verifyWebhook(BODY, headers, SECRET, { now: NOW }).id).to.equal(EVENT.id);
    expect(verifyWebhook(BODY, headers, OTHER, { now: NOW }).id).to.equal(EVENT.id);
    const single = signWebhook({ id: EVENT.id, body: BODY, secret: SECRET, timestamp: NOW });
    expect(verifyWebhook(BODY, single, [OTHER, SECRET], { now: NOW }).id).to.equal(EVENT.id);
    // Other versions (a future v1a, say) are skipped, not refused.
    const mixed = { ...single, 'webhook-signature': `v1a,abc= ${single['webhook-signature']}` };
    expect(verifyWebhook(BODY, mixed, SECRET, { now: NOW }).id).to.equal(EVENT.id);
  });

  it('reads node:http headers in any case, and a fetch Headers', () => {
    const signed = signWebhook({ id: EVENT.id, body: BODY, secret: SECRET, timestamp: NOW });
    const mixedCase = {
      'Webhook-Id': signed['webhook-id'],
      'WEBHOOK-TIMESTAMP': signed['webhook-timestamp'],
      'webhook-signature': signed['webhook-signature'],
    };
    expect(verifyWebhook(BODY, mixedCase, SECRET, { now: NOW }).id).to.equal(EVENT.id);
    expect(verifyWebhook(BODY, new Headers({ ...signed }), SECRET, { now: NOW }).id).to.equal(EVENT.id);
  });

  it('refuses a wrong secret and a body changed by one byte with a signature error', () => {
    const headers = signWebhook({ id: EVENT.id, body: BODY, secret: SECRET, timestamp: NOW });
    const wrong = failure(() => verifyWebhook(BODY, headers, OTHER, { now: NOW }));
    expect(wrong).to.be.instanceOf(WebhookSignatureError).and.instanceOf(WebhookVerificationError);
    expect(wrong.message).to.equal('no webhook signature matches the secret');
    const tampered = BODY.replace('"id":42', '"id":43');
    expect(() => verifyWebhook(tampered, headers, SECRET, { now: NOW })).to.throw(WebhookSignatureError);
    // The id and the timestamp are signed too.
    expect(() => verifyWebhook(BODY, { ...headers, 'webhook-id': 'evt_1043' }, SECRET, { now: NOW })).to.throw(
      WebhookSignatureError,
    );
    const later = String(Number(headers['webhook-timestamp']) + 1);
    expect(() => verifyWebhook(BODY, { ...headers, 'webhook-timestamp': later }, SECRET, { now: NOW })).to.throw(
      WebhookSignatureError,
    );
    // A signature of another length is compared like any other, never an exception.
    expect(() =>
      verifyWebhook(BODY, { ...headers, 'webhook-signature': 'v1,c2hvcnQ=' }, SECRET, { now: NOW }),
    ).to.throw(WebhookSignatureError);
  });

  it('refuses a timestamp more than five minutes old or ahead, however well signed', () => {
    const at = (offsetSeconds: number) =>
      signWebhook({
        id: EVENT.id,
        body: BODY,
        secret: SECRET,
        timestamp: new Date(NOW.getTime() + offsetSeconds * 1000),
      });
    expect(verifyWebhook(BODY, at(-300), SECRET, { now: NOW }).id).to.equal(EVENT.id);
    expect(verifyWebhook(BODY, at(300), SECRET, { now: NOW }).id).to.equal(EVENT.id);
    const stale = failure(() => verifyWebhook(BODY, at(-301), SECRET, { now: NOW }));
    expect(stale).to.be.instanceOf(WebhookTimestampError);
    expect(stale.message).to.equal('webhook-timestamp 2026-12-01T14:54:59.000Z is more than 300 s old');
    expect((stale as WebhookTimestampError).timestamp.toISOString()).to.equal('2026-12-01T14:54:59.000Z');
    const future = failure(() => verifyWebhook(BODY, at(301), SECRET, { now: NOW }));
    expect(future).to.be.instanceOf(WebhookTimestampError);
    expect(future.message).to.include('in the future');
    expect(verifyWebhook(BODY, at(-3600), SECRET, { now: NOW, tolerance: 3600 }).id).to.equal(EVENT.id);
  });

  it('refuses missing, repeated and malformed headers with a header error naming the header', () => {
    const headers = signWebhook({ id: EVENT.id, body: BODY, secret: SECRET, timestamp: NOW });
    const cases: [Record<string, string | string[] | undefined>, RegExp][] = [
      [{ ...headers, 'webhook-id': undefined }, /^missing webhook-id header$/],
      [{ ...headers, 'webhook-timestamp': '' }, /^missing webhook-timestamp header$/],
      [{ 'webhook-id': EVENT.id, 'webhook-timestamp': headers['webhook-timestamp'] }, /^missing webhook-signature/],
      [{ ...headers, 'webhook-id': [EVENT.id, EVENT.id] }, /^more than one webhook-id header$/],
      [{ ...headers, 'webhook-id': 'evt 1042' }, /^webhook-id is not/],
      [{ ...headers, 'webhook-timestamp': '2026-12-01T15:00:00Z' }, /^webhook-timestamp is not whole seconds/],
      [{ ...headers, 'webhook-timestamp': '-1' }, /^webhook-timestamp is not whole seconds/],
      [{ ...headers, 'webhook-signature': 'v1,not-base64' }, /^malformed webhook signature/],
      [{ ...headers, 'webhook-signature': 'v2,abcd' }, /^webhook-signature has no v1 signature$/],
      [{ ...headers, 'webhook-signature': Array(11).fill(headers['webhook-signature']).join(' ') }, /^more than 10/],
      [{ ...headers, 'webhook-signature': `v1,${'A'.repeat(1000)}` }, /longer than 1000 characters$/],
    ];
    for (const [bad, message] of cases) {
      const error = failure(() => verifyWebhook(BODY, bad, SECRET, { now: NOW }));
      expect(error, String(message)).to.be.instanceOf(WebhookHeaderError);
      expect(error.message).to.match(message);
    }
  });

  it('refuses a signed body that is not an event, and a secret that is not whsec_ base64', () => {
    for (const body of ['not json', '[1]', '{"id":"evt_1"}', 'null']) {
      const headers = signWebhook({ id: 'evt_1', body, secret: SECRET, timestamp: NOW });
      expect(() => verifyWebhook(body, headers, SECRET, { now: NOW }), body).to.throw(WebhookPayloadError);
    }
    const headers = signWebhook({ id: EVENT.id, body: BODY, secret: SECRET, timestamp: NOW });
    expect(() => verifyWebhook(BODY, headers, 'whsec_not base64')).to.throw(TypeError, /whsec_ followed by base64/);
    expect(() => verifyWebhook(BODY, headers, [])).to.throw(TypeError, /no webhook secret/);
    expect(() => signWebhook({ id: 'a b', body: BODY, secret: SECRET })).to.throw(TypeError);
  });

  it('generates secrets of 32 random bytes, as the server always has, that the standardwebhooks package accepts', () => {
    const secret = generateWebhookSecret();
    expect(secret).to.match(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).to.have.length(32);
    expect(generateWebhookSecret()).to.not.equal(secret);
    const headers = signWebhook({ id: EVENT.id, body: BODY, secret });
    expect(new Webhook(secret).verify(BODY, { ...headers })).to.deep.equal(EVENT);
  });
});
