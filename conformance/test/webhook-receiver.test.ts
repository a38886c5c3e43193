import { expect } from 'chai';
import { startReceiver } from '../src/fixtures/webhook-receiver.js';

const post = (url: string, body: string, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });

describe("the suite's webhook receiver", () => {
  it('keeps each delivery as it arrived, answers 500 to the first of an event it is told to refuse, then 204', async () => {
    const receiver = await startReceiver({ host: '127.0.0.1', port: 0, url: 'http://127.0.0.1:{port}/hook' });
    try {
      expect(receiver.url).to.match(/^http:\/\/127\.0\.0\.1:\d+\/hook$/);
      receiver.refuseFirst('company.updated', 'companies/7');
      const body = '{"id":"evt_9","type":"company.updated","subject":"companies/7"}';
      const statuses = [];
      for (let attempt = 0; attempt < 2; attempt++)
        statuses.push((await post(receiver.url, body, { 'webhook-id': 'evt_9' })).status);
      statuses.push((await post(receiver.url, 'not json')).status);
      expect(statuses).to.deep.equal([500, 204, 204]);
      const arrivals = await receiver.waitFor((arrival) => arrival.id === 'evt_9', 2, 1_000);
      expect(arrivals.map(({ body, type, subject, answered }) => [body, type, subject, answered])).to.deep.equal([
        [body, 'company.updated', 'companies/7', 500],
        [body, 'company.updated', 'companies/7', 204],
      ]);
      expect(receiver.arrivals[2]).to.include({ body: 'not json', id: undefined, type: undefined, answered: 204 });
    } finally {
      await receiver.close();
    }
  });

  it('refuses a body over 1 MiB with 413, gives up waiting after the time given, and closes with a connection open', async () => {
    const receiver = await startReceiver({ host: '127.0.0.1', port: 0, url: 'http://127.0.0.1:{port}/hook' });
    const large = await post(receiver.url, 'x'.repeat(1024 * 1024 + 1));
    expect(large.status).to.equal(413);
    const started = Date.now();
    expect(await receiver.waitFor(() => false, 1, 200)).to.deep.equal([]);
    expect(Date.now() - started).to.be.within(200, 1_000);
    // fetch keeps the connection alive; closing must not wait for it.
    await receiver.close();
    const refused = await post(receiver.url, '{}').then(
      () => 'answered',
      () => 'refused',
    );
    expect(refused).to.equal('refused');
  });
});
