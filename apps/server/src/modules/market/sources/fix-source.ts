import type { FixSourceSlot } from '@pipwise/shared';
import type { FixEndpoint } from '../fix/fix-url.js';
import { describeEndpoint } from '../fix/fix-url.js';
import type { FixSourceRow } from './fix-source.repository.js';

/** A FIX session to the provider as an operator set it (docs/market-data.md "Connecting a provider"). */
export interface FixSource {
  slot: FixSourceSlot;
  endpoint: FixEndpoint;
  /** Username (553) and Password (554) sent at Logon. */
  credentials?: { username: string; password: string };
  /** Instrument codes a market-data session subscribes; empty: every instrument. */
  instruments: string[];
  enabled: boolean;
  fromEnv: boolean;
  updatedAt: number;
}

/** The instruments column: codes, comma-separated (a code holds no comma). */
export const instrumentsColumn = (codes: readonly string[]): string => codes.join(',');

export function toFixSource(row: FixSourceRow): FixSource {
  return {
    slot: row.slot as FixSourceSlot,
    endpoint: {
      host: row.host,
      port: row.port,
      sender: row.sender_comp_id,
      target: row.target_comp_id,
    },
    ...(row.username !== null && row.password !== null
      ? { credentials: { username: row.username, password: row.password } }
      : {}),
    instruments: row.instruments === '' ? [] : row.instruments.split(','),
    enabled: row.enabled === 1,
    fromEnv: row.from_env === 1,
    updatedAt: Number(row.updated_at),
  };
}

export function toFixSourceRow(source: FixSource): FixSourceRow {
  return {
    slot: source.slot,
    host: source.endpoint.host,
    port: source.endpoint.port,
    sender_comp_id: source.endpoint.sender,
    target_comp_id: source.endpoint.target,
    username: source.credentials?.username ?? null,
    password: source.credentials?.password ?? null,
    instruments: instrumentsColumn(source.instruments),
    enabled: source.enabled ? 1 : 0,
    from_env: source.fromEnv ? 1 : 0,
    updated_at: source.updatedAt,
  };
}

/**
 * What makes two settings of a slot the same session: a change of any of it needs a new
 * logon, anything else (when it was written, whether from the environment) does not.
 */
export function sessionKey(source: FixSource | undefined): string {
  if (!source) return 'none';
  return JSON.stringify([
    describeEndpoint(source.endpoint),
    source.credentials?.username ?? null,
    source.credentials?.password ?? null,
    source.instruments,
    source.enabled,
  ]);
}
