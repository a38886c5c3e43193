export { installedBin } from './installed-bin.js';
export { freshHome, json, runNode, type Run, type RunOptions } from './run-node.js';
export { tempDir } from './temp-dir.js';
