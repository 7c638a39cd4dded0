import { UPLOAD_MAX_BYTES } from '@pipwise/shared';

/*
 * What the image picker offers and refuses before sending (pure: unit-tested in Node).
 */

/** The formats the server accepts (it judges the content; this only narrows the picker). */
export const UPLOAD_ACCEPT = 'image/jpeg,image/png,image/webp';

/** Why a chosen file is refused before it is sent, if it is. */
export function uploadProblem(file: { size: number; type: string }): 'too_large' | 'bad_type' | null {
  if (file.size > UPLOAD_MAX_BYTES) return 'too_large';
  // An empty type (some pickers) is left to the server, which reads the bytes.
  if (file.type && !UPLOAD_ACCEPT.split(',').includes(file.type)) return 'bad_type';
  return null;
}
