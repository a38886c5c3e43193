import { HttpError } from '../http/errors.js';

// Answers operations whose work has not landed yet; removed when the last one does.
export const notImplemented = async (): Promise<never> => {
  throw new HttpError(501, 'not implemented yet');
};
