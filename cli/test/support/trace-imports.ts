// Preloaded with `node --import` to record every module a run loads, so a test can check
// that `whctl --help` loads no command code. The hooks run on Node's loader thread.
import { register } from 'node:module';

register('./trace-hooks.js', { parentURL: import.meta.url, data: { file: process.env.WHCTL_TRACE_FILE } });
