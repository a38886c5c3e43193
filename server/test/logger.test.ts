import { Writable } from 'node:stream';
import { expect } from 'chai';
import { createLogger, logFormatFor } from '../src/logging/logger.js';

/** A destination that keeps what the logger writes. */
function capture(): { stream: Writable & { write(chunk: string): boolean }; text(): string } {
  let text = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return { stream: stream as never, text: () => text };
}

describe('the logger', () => {
  it('writes JSON at anything but a terminal, readable lines at a terminal, and WH_LOG_FORMAT wins', () => {
    expect(logFormatFor({ logLevel: 'info', logFormat: undefined }, false)).to.equal('json');
    expect(logFormatFor({ logLevel: 'info', logFormat: undefined }, true)).to.equal('pretty');
    expect(logFormatFor({ logLevel: 'info', logFormat: 'json' }, true)).to.equal('json');
    expect(logFormatFor({ logLevel: 'info', logFormat: 'pretty' }, false)).to.equal('pretty');
  });

  it('writes one JSON object per line with an ISO time and the level by name', async () => {
    const out = capture();
    const logger = await createLogger({ logLevel: 'info', logFormat: 'json' }, out.stream);
    logger.child({ request_id: 'r-1' }).info({ status: 200 }, 'request');
    const record = JSON.parse(out.text().trim());
    expect(record).to.include({ level: 'info', request_id: 'r-1', status: 200, msg: 'request' });
    expect(new Date(record.time).toISOString()).to.equal(record.time);
  });

  it('writes readable lines in the pretty format', async () => {
    const out = capture();
    const logger = await createLogger({ logLevel: 'info', logFormat: 'pretty' }, out.stream);
    logger.warn({ signal: 'SIGTERM' }, 'stopping');
    await new Promise((resolve) => setImmediate(resolve));
    expect(out.text()).to.match(/^\[\d{2}:\d{2}:\d{2}\.\d{3}\] WARN: stopping \{"signal":"SIGTERM"\}\n$/);
  });

  it('leaves out what is below WH_LOG_LEVEL', async () => {
    const out = capture();
    const logger = await createLogger({ logLevel: 'warn', logFormat: 'json' }, out.stream);
    logger.info('request');
    logger.debug('probe');
    logger.error('failed');
    expect(
      out
        .text()
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).msg),
    ).to.deep.equal(['failed']);
  });
});
