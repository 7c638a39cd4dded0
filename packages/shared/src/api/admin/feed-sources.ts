import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { intField, optionalText, requiredText } from '../fields.js';
import { flagField, operatorAccess, ROLES } from './common.js';

/**
 * The liquidity provider's FIX sessions as operators set them (docs/market-data.md
 * "Connecting a provider"): one slot per session the server can hold. Market data comes
 * from `md_primary`, and from `md_backup` for an instrument the primary cannot price; A-book
 * orders go to `trade`. A saved slot applies at once, without a restart.
 */
export const FIX_SOURCE_SLOTS = ['md_primary', 'md_backup', 'trade'] as const;
export type FixSourceSlot = (typeof FIX_SOURCE_SLOTS)[number];

/** Instruments one market-data slot may be limited to (every instrument when none is named). */
export const MAX_FIX_SOURCE_INSTRUMENTS = 500;

export const AdminFixSourceSchema = z.object({
  slot: z.enum(FIX_SOURCE_SLOTS),
  host: z.string(),
  port: z.number().int(),
  /** Our SenderCompID (49). */
  sender_comp_id: z.string(),
  /** The provider's CompID, our TargetCompID (56). */
  target_comp_id: z.string(),
  /** Username (553) sent at Logon; null: none. */
  username: z.string().nullable(),
  /** Whether a Password (554) is stored. The password itself is never sent back. */
  has_password: z.boolean(),
  /** Instrument codes this market-data session subscribes; empty: every instrument. */
  instruments: z.array(z.string()),
  /**
   * 1 the session runs; 0 it is kept but not connected: a disabled market-data slot prices
   * nothing (the board goes stale, never back to invented prices), a disabled trade slot
   * refuses A-book orders as "execution unavailable".
   */
  enabled: z.number().int(),
  /**
   * Set from the environment (FIX_MD_URL, FIX_MD_BACKUP_URL, FIX_TRADE_URL): the server
   * writes it again at every start, so an edit here lasts until the next restart.
   */
  from_env: z.boolean(),
  updated_at: z.number().int(),
});
export type AdminFixSource = z.infer<typeof AdminFixSourceSchema>;

export const AdminFixSourcesSchema = z.object({
  sources: z.array(AdminFixSourceSchema),
  /**
   * FEED as the environment sets it for this process: `replay` prices from a recorded
   * file whatever the slots say; null lets the market-data slots decide (the simulator
   * only when no market-data slot is stored at all).
   */
  feed_env: z.enum(['replay']).nullable(),
  /**
   * False in the scaled shape for now: the slots are stored but the sessions run only in
   * the embedded shape (one process), so the page says so instead of pretending.
   */
  can_connect: z.boolean(),
});
export type AdminFixSources = z.infer<typeof AdminFixSourcesSchema>;

/** GET /api/admin/feeds/sources — every stored slot. */
export const adminFixSourcesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/feeds/sources',
  input: z.object({}),
  output: AdminFixSourcesSchema,
  ...operatorAccess(ROLES.adminOnly),
});

/**
 * POST /api/admin/feeds/sources/save — creates or replaces a slot and applies it at once:
 * the slot's session logs out and logs on again with the new settings (market data) or
 * the A-book desk uses the new trading session from the next order. The host is a name or
 * an IP address, CompIDs 1-32 letters, digits, `.`, `_` or `-` (and not the same), the
 * username and password 1-64 printable characters without spaces. `password` absent or
 * blank keeps the stored one; a username needs a password (given now or stored), and an
 * empty username removes both. `instruments` are codes of existing instruments, for the
 * market-data slots only. A backup needs a primary, and is another session than it.
 */
export const adminSaveFixSourceEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/feeds/sources/save',
  input: z.object({
    slot: z.enum(FIX_SOURCE_SLOTS),
    host: requiredText(253),
    port: intField(1, 65_535),
    sender_comp_id: requiredText(32),
    target_comp_id: requiredText(32),
    username: optionalText(64),
    password: optionalText(64),
    instruments: z.array(requiredText(32)).max(MAX_FIX_SOURCE_INSTRUMENTS).default([]),
    enabled: flagField,
  }),
  output: AdminFixSourceSchema,
  ...operatorAccess(ROLES.adminOnly),
});

/**
 * POST /api/admin/feeds/sources/delete — removes a slot and stops its session. Removing the
 * primary while a backup is stored is refused (remove the backup first). With no market-data
 * slot left the board is priced by the simulator again (a demo-only install).
 */
export const adminDeleteFixSourceEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/feeds/sources/delete',
  input: z.object({ slot: z.enum(FIX_SOURCE_SLOTS) }),
  output: z.object({ slot: z.enum(FIX_SOURCE_SLOTS) }),
  ...operatorAccess(ROLES.adminOnly),
});
