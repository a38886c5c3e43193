// The pure rules of webhook delivery (DECISIONS 242, 244, 248): the retry schedule with its
// jitter and scale, Retry-After, which addresses the SSRF guard refuses, and secrets that sign
// only for their own endpoint and key.

import { generateWebhookSecret } from '@warehouse-kit/spec/webhook-signature';
import { expect } from 'chai';
import { MAX_ATTEMPTS, retryAfterWait, scheduledWait } from '../src/webhooks/schedule.js';
import { SecretKeys } from '../src/webhooks/secrets.js';
import { refusedRange } from '../src/webhooks/url-guard.js';

describe('webhook delivery rules (extension)', () => {
  it('waits 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, each within ±20 %, scaled, then gives up', () => {
    const hours = [5 / 3600, 5 / 60, 0.5, 2, 5, 10, 10];
    expect(MAX_ATTEMPTS).to.equal(8);
    hours.forEach((h, i) => {
      expect(scheduledWait(i + 1, 1, () => 0)).to.equal(Math.round(h * 3_600_000 * 0.8));
      expect(scheduledWait(i + 1, 1, () => 1)).to.equal(Math.round(h * 3_600_000 * 1.2));
      expect(scheduledWait(i + 1, 0.001, () => 0.5)).to.equal(Math.round(h * 3_600));
    });
    expect(scheduledWait(8, 1)).to.equal(undefined);
  });

  it('reads Retry-After as seconds or an HTTP date, at most 10 hours, and ignores what it cannot read', () => {
    const now = Date.parse('2026-12-01T12:00:00Z');
    expect(retryAfterWait('120', now)).to.equal(120_000);
    expect(retryAfterWait('Tue, 01 Dec 2026 12:01:00 GMT', now)).to.equal(60_000);
    // The obsolete forms too, as a recipient must read them (RFC 9110 §5.6.7), and as the SDK does.
    expect(retryAfterWait('Tuesday, 01-Dec-26 12:01:00 GMT', now)).to.equal(60_000);
    expect(retryAfterWait('Tue Dec  1 12:01:00 2026', now)).to.equal(60_000);
    expect(retryAfterWait('Tue, 01 Dec 2026 11:00:00 GMT', now)).to.equal(0);
    expect(retryAfterWait('999999', now)).to.equal(36_000_000);
    for (const unreadable of [undefined, '', 'soon', '-5', '1e3'])
      expect(retryAfterWait(unreadable, now)).to.equal(undefined);
  });

  it('refuses every address but public unicast unless private ones are allowed', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:10.0.0.1',
      '::',
    ]) {
      expect(refusedRange(address, false), address).to.be.a('string');
      expect(refusedRange(address, true), address).to.equal(undefined);
    }
    for (const address of ['93.184.216.34', '2606:2800:220:1::1', '::ffff:8.8.8.8'])
      expect(refusedRange(address, false), address).to.equal(undefined);
  });

  it('keeps a secret readable only with its key and for its own endpoint', () => {
    const keys = new SecretKeys('a-key-of-sixteen-chars');
    const secret = generateWebhookSecret();
    expect(secret).to.match(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const stored = keys.encrypt(7, secret);
    expect(stored).to.not.include(secret.slice(6));
    expect(keys.open(7, stored).secret).to.equal(secret);
    expect(() => keys.open(8, stored)).to.throw();
    expect(() => new SecretKeys('another-key-sixteen').open(7, stored)).to.throw();
  });
});
