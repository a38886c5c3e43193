// Runs the workspace's whctl as a user would, as a child process.
import { installedBin, type Run, type RunOptions, runNode } from '@warehouse-kit/testing';

export { freshHome, json, type Run } from '@warehouse-kit/testing';

export const WHCTL = installedBin('@warehouse-kit/whctl', 'whctl');

export const whctl = (args: string[], options: RunOptions = {}): Promise<Run> => runNode(WHCTL, args, options);
