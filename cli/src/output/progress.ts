// A progress bar on stderr for long lists and imports. It is drawn only when stderr is a
// terminal, so logs and pipes never receive redraw sequences.
import { SingleBar } from 'cli-progress';

export interface Progress {
  /** `total` when it is known (Total-Count, rows in a file); a bare count otherwise. */
  update(done: number, total?: number, detail?: string): void;
  stop(): void;
}

const silent: Progress = { update: () => undefined, stop: () => undefined };

export function progress(label: string, stream: NodeJS.WriteStream, enabled: boolean): Progress {
  if (!enabled || !stream.isTTY) return silent;
  let bar: SingleBar | undefined;
  return {
    update(done, total, detail = '') {
      if (!bar) {
        const format = total === undefined ? `${label} {value} {detail}` : `${label} [{bar}] {value}/{total} {detail}`;
        bar = new SingleBar({ stream, format, clearOnComplete: true, barsize: 30 });
        bar.start(total ?? 0, done, { detail });
      }
      if (total !== undefined) bar.setTotal(total);
      bar.update(done, { detail });
    },
    stop: () => bar?.stop(),
  };
}
