// Progress on stderr for long lists and imports: a bar redrawn in place when stderr is a
// terminal, and otherwise a plain line every few seconds, so logs and pipes never receive
// redraw sequences yet a long run in a log still shows it is moving.
import { SingleBar } from 'cli-progress';

export interface Progress {
  /** `total` when it is known (Total-Count, rows in a file); a bare count otherwise. */
  update(done: number, total?: number, detail?: string): void;
  stop(): void;
}

/** Time as progress lines need it; tests pass one they advance by hand. */
export interface Clock {
  now(): number;
  /** Calls `tick` every `ms` milliseconds until the returned function is called. */
  every(ms: number, tick: () => void): () => void;
}

/** Milliseconds between two progress lines off a terminal. */
export const LINE_INTERVAL = 5_000;

const systemClock: Clock = {
  now: Date.now,
  every(ms, tick) {
    const timer = setInterval(tick, ms);
    // A progress line never keeps whctl running.
    timer.unref();
    return () => clearInterval(timer);
  },
};

const silent: Progress = { update: () => undefined, stop: () => undefined };

function bar(label: string, stream: NodeJS.WriteStream): Progress {
  let drawn: SingleBar | undefined;
  return {
    update(done, total, detail = '') {
      if (!drawn) {
        const format = total === undefined ? `${label} {value} {detail}` : `${label} [{bar}] {value}/{total} {detail}`;
        drawn = new SingleBar({ stream, format, clearOnComplete: true, barsize: 30 });
        drawn.start(total ?? 0, done, { detail });
      }
      if (total !== undefined) drawn.setTotal(total);
      drawn.update(done, { detail });
    },
    stop: () => drawn?.stop(),
  };
}

/** `imported 400/1000 orders (12 failed), 35 s` every LINE_INTERVAL, from the first update until stop. */
function lines(label: string, stream: NodeJS.WritableStream, clock: Clock): Progress {
  const start = clock.now();
  let line: string | undefined;
  let cancel: (() => void) | undefined;
  const write = () => stream.write(`${line}, ${Math.round((clock.now() - start) / 1000)} s\n`);
  return {
    update(done, total, detail) {
      line = [label, total === undefined ? `${done}` : `${done}/${total}`, detail].filter(Boolean).join(' ');
      cancel ??= clock.every(LINE_INTERVAL, write);
    },
    stop: () => cancel?.(),
  };
}

export function progress(label: string, stream: NodeJS.WriteStream, enabled: boolean, clock = systemClock): Progress {
  if (!enabled) return silent;
  return stream.isTTY ? bar(label, stream) : lines(label, stream, clock);
}
