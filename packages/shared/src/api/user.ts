import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';

/** The user as the app sees it (docs/product.md §3 "User"). */
export const UserSchema = z.object({
  id: z.number().int(),
  uid: z.string(),
  email: z.string().nullable(),
  area_code: z.string().nullable(),
  mobile: z.string().nullable(),
  invite_code: z.string(),
  /** 1 for a demo user. */
  is_demo: z.union([z.literal(0), z.literal(1)]),
});
export type User = z.infer<typeof UserSchema>;

/** GET /api/user/info — the logged-in user. */
export const userInfoEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/user/info',
  input: z.object({}),
  output: UserSchema,
  auth: true,
});
