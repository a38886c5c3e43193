import { Writable } from 'node:stream';
import { expect } from 'chai';
import { defaultFormat } from '../src/output/format.js';
import { progress } from '../src/output/progress.js';

/** A stream that records what is written, posing as a terminal or as a pipe. */
function stream(isTTY: boolean): NodeJS.WriteStream & { text: string } {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      sink.text += chunk.toString();
      done();
    },
  }) as unknown as NodeJS.WriteStream & { text: string };
  sink.text = '';
  Object.assign(sink, { isTTY, columns: 100 });
  return sink;
}

describe('progress bar', () => {
  it('draws the label and the count against the total on a terminal', () => {
    const terminal = stream(true);
    const bar = progress('fetching products', terminal, true);
    bar.update(100, 250);
    bar.update(250, 250);
    bar.stop();
    expect(terminal.text).to.include('fetching products').and.include('250/250');
  });

  it('shows a bare count when the total is unknown', () => {
    const terminal = stream(true);
    const bar = progress('fetching', terminal, true);
    bar.update(42);
    bar.stop();
    expect(terminal.text).to.include('fetching 42').and.not.include('/');
  });

  it('writes nothing to a pipe, or when it is turned off (--quiet)', () => {
    const pipe = stream(false);
    const quiet = stream(true);
    for (const bar of [progress('fetching', pipe, true), progress('fetching', quiet, false)]) {
      bar.update(1, 2);
      bar.stop();
    }
    expect(pipe.text + quiet.text).to.equal('');
  });
});

describe('default output format', () => {
  it('is a table for a terminal and JSON for a pipe or file', () => {
    expect(defaultFormat({ isTTY: true })).to.equal('table');
    expect(defaultFormat({ isTTY: false })).to.equal('json');
    expect(defaultFormat({})).to.equal('json');
  });
});
