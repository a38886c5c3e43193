import { expect } from 'chai';
import { startReceivers } from '../src/fixtures/webhook-receiver.js';

const post = (url: string, body: string, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });

const settings = { host: '127.0.0.1', port: 0, url: 'http://127.0.0.1:{port}/hook' };

describe("the suite's webhook receivers", () => {
  it('keeps each delivery as it arrived, answers 500 to the first of an event it is told to refuse, then 204', async () => {
    const receivers = await startReceivers(settings);
    const receiver = receivers.hook;
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
      for (const arrival of receiver.arrivals) expect(arrival.answeredAt).to.be.at.least(arrival.arrivedAt);
    } finally {
      await receivers.close();
    }
  });

  it('serves every receiver on the one port the profile names, each at its path with an answer sequence of its own', async () => {
    const receivers = await startReceivers({ ...settings, url: 'http://127.0.0.1:{port}/in?key=k' });
    try {
      const { gone, busy, unavailable, paused, deleted } = receivers.named;
      const port = new URL(receivers.hook.url).port;
      for (const [receiver, name] of [
        [gone, 'gone'],
        [busy, 'busy'],
        [unavailable, 'unavailable'],
        [paused, 'paused'],
        [deleted, 'deleted'],
      ] as const)
        expect(receiver.url).to.equal(`http://127.0.0.1:${port}/in/${name}?key=k`);
      const attempts = async (url: string, id: string, count: number) => {
        const answers: string[] = [];
        for (let attempt = 0; attempt < count; attempt++) {
          const answer = await post(url, '{}', { 'webhook-id': id });
          answers.push(
            `${answer.status}${answer.headers.has('retry-after') ? ` ${answer.headers.get('retry-after')}` : ''}`,
          );
        }
        return answers;
      };
      expect(await attempts(busy.url, 'evt_1', 3)).to.deep.equal(['429 1', '204', '204']);
      // Each event has its own sequence.
      expect(await attempts(busy.url, 'evt_2', 1)).to.deep.equal(['429 1']);
      expect(await attempts(unavailable.url, 'evt_1', 2)).to.deep.equal(['503 1', '204']);
      expect(await attempts(gone.url, 'evt_1', 2)).to.deep.equal(['410', '410']);
      expect(await attempts(paused.url, 'evt_1', 1)).to.deep.equal(['204']);
      // Behind a tunnel that drops the URL's own path, the last segment still names the receiver.
      expect(await attempts(`http://127.0.0.1:${port}/deleted`, 'evt_1', 1)).to.deep.equal(['204']);
      expect(deleted.arrivals).to.have.length(1);
      expect(busy.arrivals.map((arrival) => arrival.answered)).to.deep.equal([429, 204, 204, 429]);
      expect(receivers.hook.arrivals, 'none of them reached the profile URL').to.deep.equal([]);
    } finally {
      await receivers.close();
    }
  });

  it('refuses a body over 1 MiB with 413, gives up waiting after the time given, and closes with a connection open', async () => {
    const receivers = await startReceivers(settings);
    const receiver = receivers.hook;
    const large = await post(receiver.url, 'x'.repeat(1024 * 1024 + 1));
    expect(large.status).to.equal(413);
    const started = Date.now();
    expect(await receiver.waitFor(() => false, 1, 200)).to.deep.equal([]);
    expect(Date.now() - started).to.be.within(200, 1_000);
    // fetch keeps the connection alive; closing must not wait for it.
    await receivers.close();
    const refused = await post(receiver.url, '{}').then(
      () => 'answered',
      () => 'refused',
    );
    expect(refused).to.equal('refused');
  });
});
