// whctl webhooks (issue 22) against the reference server: an endpoint's life cycle from the
// command line, its secret printed once, deliveries listed, redelivered and recovered. No
// process delivers here, so the deliveries stay pending for the commands to show.
import { startWorld, type TestServer, type World } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { json, whctl } from './support/whctl.js';

describe('whctl webhooks against the reference server', () => {
  let server: TestServer;
  let world: World;
  before(
    async () =>
      ({ server, world } = await startWorld({ baseHost: 'localhost', config: { webhookAllowPrivate: true } })),
  );
  after(() => server.close());

  const as = (args: string[]) =>
    whctl(['webhooks', ...args], { env: { WHCTL_BASE_URL: world.url(), WHCTL_TOKEN: world.token('admin') } });

  it('creates, lists, updates, rotates, recovers, redelivers and deletes an endpoint', async function () {
    // Fifteen whctl processes one after the other: a bound for a hang, not for a loaded machine.
    this.timeout(120_000);
    const since = new Date(Date.now() - 1000).toISOString();
    // Written before the endpoint exists, so that only the recovery queues it: a delivery of its
    // own, still pending, would leave it out of the recovery (DECISIONS 331).
    const product = await world
      .as('admin')
      .post('/products', { product: { name: 'Hooked figs', location_name: 'Toronto DC' } });
    expect(product.status).to.equal(200);
    const created = await as([
      'create',
      '--url',
      'http://127.0.0.1:9/hook',
      '--types',
      'product.*, company.created',
      '--location',
      'Toronto DC',
    ]);
    expect(created.code, created.stderr).to.equal(0);
    const endpoint = json(created);
    expect(endpoint.secret).to.match(/^whsec_/);
    expect(endpoint.event_types).to.deep.equal(['product.*', 'company.created']);
    const id = String(endpoint.id);

    const listed = await as(['list', '--query', '[].id']);
    expect(listed.stdout.trim().split('\n')).to.include(id);

    const disabled = await as(['update', id, '--disable']);
    expect(json(disabled)).to.include({ enabled: false });
    expect((await as(['update', id, '--enable', '--disable'])).code).to.equal(2);
    expect((await as(['update', id])).code).to.equal(2);
    expect(json(await as(['update', id, '--enable']))).to.include({ enabled: true });

    const rotated = await as(['rotate', id]);
    expect(json(rotated).secret)
      .to.match(/^whsec_/)
      .and.not.equal(endpoint.secret);

    const recovered = await as(['recover', id, '--since', since]);
    expect(recovered.code, recovered.stderr).to.equal(0);
    expect(recovered.stderr).to.equal(`queued 1 deliveries to webhook endpoint ${id}\n`);

    const [delivery] = json(await as(['deliveries', id, '--status', 'pending']));
    expect(delivery).to.include({ event_type: 'product.created', reason: 'recover', status: 'pending' });
    const again = await as(['redeliver', id, String(delivery.id)]);
    expect(json(again)).to.include({ event_id: delivery.event_id, reason: 'redeliver' });
    expect((await as(['redeliver', id, '999999999'])).code).to.equal(4);
    // Two deliveries now, one a page: --all follows the Link of a list whose path has the endpoint's id.
    const walked = json(await as(['deliveries', id, '--all', '--per-page', '1']));
    expect(walked.map((row: { reason: string }) => row.reason).sort()).to.deep.equal(['recover', 'redeliver']);

    const deleted = await as(['delete', id]);
    expect(deleted.stderr).to.equal(`deleted webhook endpoint ${id}\n`);
    expect((await as(['get', id])).code).to.equal(4);
  });
});
