// Every check of every group, without a deployment: for `conformance list` and the README.
import { type CheckInfo, checkInfo } from './check.js';
import { groups } from './checks/index.js';

export function catalogue(): CheckInfo[] {
  return groups.flatMap((group) => {
    const checks: CheckInfo[] = [];
    group.define({ check: (meta) => checks.push(checkInfo(group, meta)) });
    return checks;
  });
}
