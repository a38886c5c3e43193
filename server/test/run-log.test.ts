import { readFileSync } from 'node:fs';
import {
  runLogPath,
  send,
  startChildServer,
  startWorld,
  stopChildServer,
  TEST_BASE_HOST,
  tokensIn,
  uniqueId,
} from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { childEnv, fixtureFile } from './support/child-env.js';

describe("the test run's log", () => {
  it('receives the request lines of in-process servers, and holds none of their tokens', async () => {
    const { server, world } = await startWorld();
    try {
      const res = await world.as('admin').get('/locations', { api_token: world.token('integration') });
      const log = readFileSync(runLogPath(), 'utf8');
      expect(log).to.include(`"request_id":"${res.headers['x-request-id']}"`);
      expect(tokensIn(log, [world.token('admin'), world.token('integration')])).to.deep.equal([]);
    } finally {
      await server.close();
    }
  });

  it('receives what child servers print, and holds none of their tokens', async () => {
    const id = uniqueId('l');
    const { child, port } = await startChildServer(['--fixture', fixtureFile(id)], childEnv());
    let requestId: string | undefined;
    try {
      const res = await send(port, `${id}.${TEST_BASE_HOST}`, 'GET', '/api/v1/locations', {
        headers: { authorization: `Token ${id}-admin-token` },
      });
      requestId = res.headers['x-request-id'];
    } finally {
      await stopChildServer(child);
    }
    const log = readFileSync(runLogPath(), 'utf8');
    expect(log).to.match(new RegExp(`^\\[wh-server ${child.pid}\\] .*"request_id":"${requestId}"`, 'm'));
    expect(log).to.match(new RegExp(`^\\[wh-server ${child.pid}\\] .*"msg":"stopped"`, 'm'));
    expect(tokensIn(log, [`${id}-admin-token`])).to.deep.equal([]);
  });
});
