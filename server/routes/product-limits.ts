import type { Handlers } from '../http/handler.js';
import { notImplemented } from './not-implemented.js';

export const productLimitHandlers: Pick<Handlers, 'listProductLimits'> = {
  listProductLimits: notImplemented,
};
