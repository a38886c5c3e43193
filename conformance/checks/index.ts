// Every group in the order a run takes them. Rate limits come last because they exhaust the
// token's per-minute budget.
import type { CheckGroup } from '../check.js';
import { statusCodes } from './status-codes/index.js';

export const groups: readonly CheckGroup[] = [statusCodes];
