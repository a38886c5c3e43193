import type { Handlers } from '../http/handler.js';
import { notImplemented } from './not-implemented.js';

export const bulkUploadHandlers: Pick<Handlers, 'createBulkUpload'> = {
  createBulkUpload: notImplemented,
};
