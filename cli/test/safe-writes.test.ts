// whctl's safe writes follow the contract's header parameters (DECISIONS 307): a command offers
// --idempotency-key and --if-match only where its operation declares the header, and a declared
// `idempotency` keys and retries only the POSTs whose operation takes a key.
import { expect } from 'chai';
import { Command } from 'commander';
import { safeWriteOptions } from '../src/commands/shared/safe-writes.js';
import { type Stub, startStub, stubEnv } from './support/stub.js';
import { whctl } from './support/whctl.js';

const flagsOf = (command: Command) => command.options.map((option) => option.long);

describe('whctl safe-write options', () => {
  it('are those of the headers the operation declares, and none where it declares none', () => {
    expect(flagsOf(safeWriteOptions(new Command('create'), 'POST', '/products'))).to.deep.equal(['--idempotency-key']);
    expect(flagsOf(safeWriteOptions(new Command('recover'), 'POST', '/webhook_endpoints/{id}/recover'))).to.deep.equal([
      '--idempotency-key',
    ]);
    expect(flagsOf(safeWriteOptions(new Command('update'), 'PATCH', '/purchase_orders/{id}'))).to.deep.equal([
      '--if-match',
      '--if-unmodified',
    ]);
    expect(flagsOf(safeWriteOptions(new Command('create'), 'POST', '/webhook_endpoints'))).to.deep.equal([]);
    expect(flagsOf(safeWriteOptions(new Command('update'), 'PATCH', '/webhook_endpoints/{id}'))).to.deep.equal([]);
  });

  describe('against a deployment declared to honour keys', () => {
    let stub: Stub;
    afterEach(() => stub.close());
    const env = () => ({ ...stubEnv(stub), WHCTL_EXTENSIONS: 'idempotency' });
    const keys = () =>
      stub.requests.map((request) => [request.method, request.path, request.headers['idempotency-key']]);

    it('sends a webhook endpoint create and rotate once, without a key, since they refuse one', async () => {
      stub = await startStub(() => ({ status: 503, body: { error: 'try again' } }));
      const created = await whctl(['webhooks', 'create', '--url', 'https://erp.example.com/hooks'], { env: env() });
      const rotated = await whctl(['webhooks', 'rotate', '3'], { env: env() });
      expect([created.code, rotated.code]).to.deep.equal([7, 7]);
      expect(keys()).to.deep.equal([
        ['POST', '/webhook_endpoints', undefined],
        ['POST', '/webhook_endpoints/3/rotate_secret', undefined],
      ]);
    });

    it("sends recover's --idempotency-key, and again after a 503; a create that takes no key refuses the option", async () => {
      let calls = 0;
      stub = await startStub(() =>
        ++calls === 1 ? { status: 503, body: {} } : { status: 200, body: { deliveries: 2 } },
      );
      const recovered = await whctl(
        ['webhooks', 'recover', '3', '--since', '2026-12-01T00:00:00Z', '--idempotency-key', 'window-1'],
        { env: env() },
      );
      expect(recovered.code, recovered.stderr).to.equal(0);
      expect(keys()).to.deep.equal([
        ['POST', '/webhook_endpoints/3/recover', 'window-1'],
        ['POST', '/webhook_endpoints/3/recover', 'window-1'],
      ]);
      const refused = await whctl(
        ['webhooks', 'create', '--url', 'https://erp.example.com/hooks', '--idempotency-key', 'k'],
        { env: env() },
      );
      expect(refused.code).to.equal(2);
      expect(refused.stderr).to.include("unknown option '--idempotency-key'");
      expect(stub.requests).to.have.length(2);
    });
  });
});
