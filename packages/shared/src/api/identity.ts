import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { requiredText } from './fields.js';

/**
 * Private uploads, identity verification and invites (docs/api.md "Identity and uploads").
 * Real users only: a demo user is refused with code 2003.
 */

/** Identity `review_status`: 0 not submitted, 1 under review, 2 verified, 3 rejected. */
export const ReviewStatus = { None: 0, Review: 1, Verified: 2, Rejected: 3 } as const;

/** Largest upload, bytes (refused before it is read when the request says it is larger). */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** Largest image, pixels (width × height). */
export const UPLOAD_MAX_PIXELS = 40_000_000;

/**
 * POST /api/common/image_upload — multipart with one `file`: a JPEG, PNG or WebP (judged by
 * its content), re-encoded without metadata. `url` is private: only its owner can fetch it
 * (with the session header), and it is what deposit and identity calls take.
 */
export const imageUploadEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/common/image_upload',
  input: z.object({}),
  output: z.object({ url: z.string() }),
  auth: true,
  realOnly: true,
});

/** The caller's identity verification as it stands; details masked. */
export const IdentitySchema = z.object({
  /** 0 not submitted, 1 under review, 2 verified, 3 rejected. */
  review_status: z.number().int(),
  name: z.string(),
  /** Masked but for its last 4 characters. */
  card_id: z.string(),
  front_pic: z.string(),
  reverse_pic: z.string(),
  /** Why it was rejected (status 3). */
  reason: z.string(),
});
export type Identity = z.infer<typeof IdentitySchema>;

/** POST /api/user_real/real_name — submits (or, after a rejection, resubmits) the identity. */
export const realNameEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/user_real/real_name',
  input: z.object({
    name: requiredText(100),
    card_id: requiredText(40),
    front_pic: requiredText(200),
    reverse_pic: requiredText(200),
  }),
  output: IdentitySchema,
  auth: true,
  realOnly: true,
});

/** GET /api/user_real/center — the caller's identity verification. */
export const identityCenterEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/user_real/center',
  input: z.object({}),
  output: IdentitySchema,
  auth: true,
  realOnly: true,
});

/** GET /api/user/invite_info — the caller's invite code and how many registered with it. */
export const inviteInfoEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/user/invite_info',
  input: z.object({}),
  output: z.object({ invite_code: z.string(), invited_count: z.number().int() }),
  auth: true,
  realOnly: true,
});
