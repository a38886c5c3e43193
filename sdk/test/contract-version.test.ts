// The contract version in the SDK (DECISIONS 351): the deployment's read from each answer, and
// one warning when its major part differs from the contract the SDK was built against.
import { expect } from 'chai';
import { CONTRACT_VERSION, createClient, readContractVersion } from '../src/index.js';
import { api, BASE, TOKEN, useNock } from './support/nock.js';

describe('the contract version in the SDK', () => {
  useNock();

  const major = Number(CONTRACT_VERSION.split('.')[0]);
  const answering = (version: string | undefined, times: number) =>
    api()
      .get('/api/v1/locations')
      .times(times)
      .reply(200, [], version === undefined ? {} : { 'Contract-Version': version });

  it("reads the deployment's version from an answer, and nothing from one of a deployment that sends none", async () => {
    answering('1.4.2', 1);
    answering(undefined, 1);
    const client = createClient({ baseUrl: BASE, token: TOKEN, onVersionMismatch: false });
    expect(readContractVersion((await client.GET('/locations')).response)).to.equal('1.4.2');
    expect(readContractVersion((await client.GET('/locations')).response)).to.equal(undefined);
  });

  it('warns once per client when the major versions differ, naming both', async () => {
    answering(`${major + 1}.0.0`, 3);
    const warnings: [string, string][] = [];
    const client = createClient({
      baseUrl: BASE,
      token: TOKEN,
      onVersionMismatch: (deployment, sdk) => warnings.push([deployment, sdk]),
    });
    for (let i = 0; i < 3; i++) await client.GET('/locations');
    expect(warnings).to.deep.equal([[`${major + 1}.0.0`, CONTRACT_VERSION]]);
  });

  it('says nothing for another minor or patch version, no header, or a header that is no version', async () => {
    for (const version of [`${major}.99.7`, undefined, 'latest']) answering(version, 1);
    const warnings: unknown[] = [];
    const client = createClient({ baseUrl: BASE, token: TOKEN, onVersionMismatch: (...args) => warnings.push(args) });
    for (let i = 0; i < 3; i++) await client.GET('/locations');
    expect(warnings).to.deep.equal([]);
  });

  it('warns on console.warn unless told otherwise', async () => {
    answering(`${major + 2}.1.0`, 2);
    const lines: string[] = [];
    const original = console.warn;
    console.warn = (line: string) => lines.push(line);
    try {
      const client = createClient({ baseUrl: BASE, token: TOKEN });
      await client.GET('/locations');
      await client.GET('/locations');
    } finally {
      console.warn = original;
    }
    expect(lines).to.deep.equal([
      `@warehouse-kit/sdk: the deployment implements contract ${major + 2}.1.0, this SDK ${CONTRACT_VERSION}; ` +
        'a different major version may answer in ways this SDK does not expect',
    ]);
  });
});
