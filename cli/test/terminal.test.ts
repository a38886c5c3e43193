import { Writable } from 'node:stream';
import { expect } from 'chai';
import { defaultFormat } from '../src/output/format.js';
import { type Clock, LINE_INTERVAL, progress } from '../src/output/progress.js';

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

  it('writes nothing when it is turned off (--quiet), on a terminal or not', () => {
    const quiet = [stream(true), stream(false)];
    for (const output of quiet) {
      const bar = progress('fetching', output, false, manualClock().clock);
      bar.update(1, 2);
      bar.stop();
    }
    expect(quiet.map((output) => output.text)).to.deep.equal(['', '']);
  });
});

/** A clock that moves only when told, running what was scheduled as time passes. */
function manualClock() {
  let now = 1_000_000;
  const timers: { ms: number; next: number; tick: () => void }[] = [];
  const clock: Clock = {
    now: () => now,
    every(ms, tick) {
      const timer = { ms, next: now + ms, tick };
      timers.push(timer);
      return () => timers.splice(timers.indexOf(timer), 1);
    },
  };
  const advance = (ms: number) => {
    const until = now + ms;
    for (;;) {
      const due = timers.filter((timer) => timer.next <= until).sort((a, b) => a.next - b.next)[0];
      if (!due) break;
      now = due.next;
      due.next += due.ms;
      due.tick();
    }
    now = until;
  };
  return { clock, advance, pending: () => timers.length };
}

describe('progress lines off a terminal', () => {
  it(`writes a line every ${LINE_INTERVAL / 1000} s with the count, the total, the detail and the time taken`, () => {
    const log = stream(false);
    const { clock, advance } = manualClock();
    const bar = progress('imported', log, true, clock);
    bar.update(0, 1000, 'orders (0 failed)');
    advance(LINE_INTERVAL - 1);
    expect(log.text, 'nothing before the first interval, so short runs stay quiet').to.equal('');
    bar.update(400, 1000, 'orders (12 failed)');
    advance(1);
    advance(LINE_INTERVAL + 2_000);
    bar.update(1000, 1000, 'orders (12 failed)');
    advance(25_000);
    expect(log.text).to.equal(
      [
        'imported 400/1000 orders (12 failed), 5 s',
        'imported 400/1000 orders (12 failed), 10 s',
        'imported 1000/1000 orders (12 failed), 15 s',
        'imported 1000/1000 orders (12 failed), 20 s',
        'imported 1000/1000 orders (12 failed), 25 s',
        'imported 1000/1000 orders (12 failed), 30 s',
        'imported 1000/1000 orders (12 failed), 35 s',
        '',
      ].join('\n'),
    );
    expect(log.text).not.to.include('\u001b[');
  });

  it('shows a bare count when the total is unknown, and stops writing when stopped', () => {
    const log = stream(false);
    const { clock, advance, pending } = manualClock();
    const bar = progress('fetching purchase orders', log, true, clock);
    bar.update(300);
    advance(LINE_INTERVAL);
    bar.stop();
    advance(LINE_INTERVAL * 3);
    expect(log.text).to.equal('fetching purchase orders 300, 5 s\n');
    expect(pending()).to.equal(0);
  });
});

describe('default output format', () => {
  it('is a table for a terminal and JSON for a pipe or file', () => {
    expect(defaultFormat({ isTTY: true })).to.equal('table');
    expect(defaultFormat({ isTTY: false })).to.equal('json');
    expect(defaultFormat({})).to.equal('json');
  });
});
