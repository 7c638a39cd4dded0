import { imageUploadEndpoint } from '@pipwise/shared';
import { request, type CallOptions } from './api';

/**
 * POST /api/common/image_upload — one private image (deposit proof, identity photo) as
 * multipart `file`. The `url` it returns is what the deposit and identity calls take; only
 * its owner can fetch it, with the session header (see use-private-image.ts).
 */
export async function uploadImage(file: File, options?: CallOptions): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name || 'image');
  // The api client sends a FormData body as multipart; the endpoint itself takes no fields.
  const { url } = await request(imageUploadEndpoint, form as unknown as Record<string, never>, options);
  return url;
}
