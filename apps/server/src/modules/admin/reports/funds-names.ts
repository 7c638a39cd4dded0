import type { FundsRow } from '@pipwise/shared';
import type { Db } from '../../../core/db/database.js';
import { depositChannels, payoutMethods } from './report-names.repository.js';

type FundsName = Pick<FundsRow, 'direction' | 'channel_id' | 'currency' | 'name'>;

/** `deposits:<channel id>:<currency>`, `withdrawals:<method id>:<currency>`, or the bare account. */
const IN_TRANSIT = /^(deposits|withdrawals)(?::(\d+):([A-Za-z0-9]+))?$/;

const joined = (...parts: (string | null | undefined)[]) => parts.filter((p) => p).join(' ');

/**
 * What names each in-transit account (docs/reports.md "Deposits and withdrawals"): the
 * deposit channel's bank or provider (else its kind, currency and protocol), or the payout
 * method's kind, currency and bank or address. Accounts of another shape are left out.
 */
export async function fundsNames(db: Db, accounts: readonly string[]): Promise<Map<string, FundsName>> {
  const parsed = accounts.flatMap((account) => {
    const m = IN_TRANSIT.exec(account);
    if (!m) return [];
    const direction = m[1] === 'deposits' ? ('deposit' as const) : ('withdrawal' as const);
    return [{ account, direction, id: m[2] ? Number(m[2]) : 0, currency: m[3] ?? '' }];
  });
  const idsOf = (d: FundsName['direction']) =>
    parsed.filter((p) => p.direction === d && p.id > 0).map((p) => p.id);
  const [channels, methods] = await Promise.all([
    depositChannels(db, idsOf('deposit')),
    payoutMethods(db, idsOf('withdrawal')),
  ]);
  const channelName = new Map(
    channels.map((c) => [
      Number(c.id),
      c.bank_name || c.provider_name || joined(c.kind, c.currency_code, c.protocol_code),
    ]),
  );
  const methodName = new Map(
    methods.map((m) => [
      Number(m.id),
      joined(m.type === 1 ? 'coin' : 'bank', m.code, m.protocol, m.bank_name || m.dc_address),
    ]),
  );
  const names = new Map<string, FundsName>();
  for (const p of parsed) {
    const known = p.direction === 'deposit' ? channelName.get(p.id) : methodName.get(p.id);
    names.set(p.account, {
      direction: p.direction,
      channel_id: p.id,
      currency: p.currency,
      name: known ?? '',
    });
  }
  return names;
}
