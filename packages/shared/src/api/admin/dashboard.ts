import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { operatorAccess, ROLES } from './common.js';

/** One instrument's open exposure: lots held long and short, and their USD value now. */
export const ExposureSchema = z.object({
  instrument_id: z.number().int(),
  code: z.string(),
  /** Σ lots of open buy positions. */
  long_lots: z.string(),
  /** Σ lots of open sell positions. */
  short_lots: z.string(),
  /** long − short (negative when traders are net short). */
  net_lots: z.string(),
  /** Notional of the long lots in USD (lots × contract size × base→USD now), 2 decimals. */
  long_usd: z.number(),
  short_usd: z.number(),
  /** long_usd − short_usd. */
  net_usd: z.number(),
  /** False when no rate converts this instrument to USD right now (the USD figures are 0). */
  priced: z.boolean(),
  positions: z.number().int(),
});
export type Exposure = z.infer<typeof ExposureSchema>;

export const DashboardSchema = z.object({
  users: z.object({ total: z.number().int(), real: z.number().int(), demo: z.number().int() }),
  /** What waits for an operator. */
  pending: z.object({
    deposits: z.number().int(),
    withdrawals: z.number().int(),
    identities: z.number().int(),
    feedback: z.number().int(),
  }),
  /** Real accounts only, by instrument (demo money is no exposure). */
  exposure: z.array(ExposureSchema),
  /** The trading day so far (it starts 17:00 New York, like the charts' day). */
  today: z.object({
    /** Epoch ms the day started. */
    since: z.number().int(),
    /** USD credited by deposits finished today. */
    deposits_usd: z.number(),
    deposits: z.number().int(),
    /** USD paid out by withdrawals paid today. */
    withdrawals_usd: z.number(),
    withdrawals: z.number().int(),
  }),
});
export type Dashboard = z.infer<typeof DashboardSchema>;

/** GET /api/admin/dashboard — the business at a glance; every role may read it. */
export const adminDashboardEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/dashboard',
  input: z.object({}),
  output: DashboardSchema,
  ...operatorAccess(ROLES.any),
});
