// Preloaded with `node --import` to record every module a run loads, so a test can check what a
// command or an import loads (whctl --help no command code, the SDK's entry no luxon). The
// hooks run on Node's loader thread.
import { register } from 'node:module';

register('./trace-hooks.js', { parentURL: import.meta.url, data: { file: process.env.WH_TRACE_FILE } });
