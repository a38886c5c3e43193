export { eventually } from './eventually.js';
export { freePort } from './free-port.js';
export { installedBin } from './installed-bin.js';
export { type Tracing, traceModules } from './loaded-modules.js';
export { freshHome, json, type Run, type RunOptions, runNode, runProgram } from './run-node.js';
export { tempDir } from './temp-dir.js';
