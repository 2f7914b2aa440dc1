/**
 * The write side's answers besides a note (parse-response.ts validates that): a delete's and an
 * upload's. In the write side's chunk with write-api.ts, not in the first load.
 */
import type { DeleteResult, UploadResult } from '../protocol/api-types.ts';
import { lit, num, obj, root, str } from './parse-response.ts';

/** `POST /notes/delete`. */
export const parseDeleteResult = root(obj<DeleteResult>({ noteId: str, deleted: lit(true) }));
/** `POST /file/upload`. */
export const parseUploadResult = root(obj<UploadResult>({ url: str, name: str, size: num, type: str }));
