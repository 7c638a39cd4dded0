import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { idField, optionalId, optionalIntEnum, pageField, requiredText } from '../fields.js';
import { operatorAccess, pageOf, ROLES } from './common.js';

/** An identity submission as support reviews it: the document number in full. */
export const AdminIdentitySchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  user_contact: z.string(),
  uid: z.string(),
  name: z.string(),
  card_id: z.string(),
  /** Both photos: `GET` with the operator's session header (support and admin). */
  front_pic: z.string(),
  reverse_pic: z.string(),
  /** 1 under review, 2 verified, 3 rejected. */
  status: z.number().int(),
  reason: z.string(),
  reviewed_by: z.number().int().nullable(),
  reviewed_at: z.number().int().nullable(),
  created_at: z.number().int(),
});
export type AdminIdentity = z.infer<typeof AdminIdentitySchema>;

/** GET /api/admin/identity/list — submissions, newest first (each resubmission is its own row). */
export const adminIdentitiesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/identity/list',
  input: z.object({ status: optionalIntEnum([1, 2, 3]), user_id: optionalId, page: pageField }),
  output: pageOf(AdminIdentitySchema),
  ...operatorAccess(ROLES.support),
});

/** GET /api/admin/identity/detail — one submission. */
export const adminIdentityDetailEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/identity/detail',
  input: z.object({ id: idField }),
  output: AdminIdentitySchema,
  ...operatorAccess(ROLES.support),
});

/**
 * POST /api/admin/identity/approve — verifies a submission under review. One already
 * decided answers "This request has already been processed".
 */
export const adminApproveIdentityEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/identity/approve',
  input: z.object({ id: idField }),
  output: AdminIdentitySchema,
  ...operatorAccess(ROLES.support),
});

/** POST /api/admin/identity/reject — rejects with a reason the trader sees (≤ 200 characters). */
export const adminRejectIdentityEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/identity/reject',
  input: z.object({ id: idField, reason: requiredText(200) }),
  output: AdminIdentitySchema,
  ...operatorAccess(ROLES.support),
});

/**
 * GET /api/admin/image?name=<32 hex>.<jpg|png|webp> — the bytes of a private upload (not an
 * envelope) with `Cache-Control: private`, for an operator whose role may see what it is
 * used for: finance deposit proofs, support identity photos and feedback screenshots,
 * admin all. Without an operator session: 999; a content operator: 2003; an image of another
 * use, an unknown or malformed name: 404 with the not-found envelope (no hint it exists). The `proof_img`, `front_pic`, `reverse_pic` and
 * `screenshot` paths of the back office point here.
 */
export const adminImageEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/image',
  input: z.object({ name: requiredText(64) }),
  output: z.unknown(),
  ...operatorAccess(ROLES.images),
});
