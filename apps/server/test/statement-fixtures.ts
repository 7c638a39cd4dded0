import { microUsd } from '@pipwise/shared';
import { post } from '../src/core/money/ledger.js';
import { createAccount } from '../src/core/money/ledger.repository.js';
import { client, createUserWithSession, setQuote, type TestApp } from './helper.js';

/** Hong Kong time, UTC+8 all year: November 2026 runs from 2026-10-31T16:00Z to 2026-11-30T16:00Z. */
export const ZONE = 'Asia/Hong_Kong';
export const NOV_START = Date.parse('2026-10-31T16:00:00Z');
export const NOV_END = Date.parse('2026-11-30T16:00:00Z');

/**
 * A trader with a month of everything (docs/statements.md): a deposit before November (the
 * opening), two deposits, an operator adjustment whose memo looks like a formula, a
 * withdrawal held then paid, two trades (a profit and a loss, each with its fee) at the test
 * clock (2026-11-25), and a deposit after the month that must stay out.
 */
export async function busyTrader(t: TestApp): Promise<{ userId: number; token: string; orders: number[] }> {
  const { services } = t;
  const user = await createUserWithSession(services);
  const at = (iso: string) => Date.parse(iso);
  await services.core.db.transaction().execute(async (trx) => {
    await createAccount(trx, user.userId, at('2026-10-01T00:00:00Z'), 'real');
    const p = (kind: Parameters<typeof post>[1]['kind'], usd: number, iso: string, extra: object = {}) =>
      post(trx, { userId: user.userId, kind, amount: microUsd(usd), now: at(iso), ...extra });
    await p('deposit', 1_000_000_000, '2026-10-20T10:00:00Z', { ref: { type: 'deposit', id: 7 } });
    // 2026-10-31T16:30Z is already 1 November in Hong Kong.
    await p('deposit', 500_250_000, '2026-10-31T16:30:00Z', { ref: { type: 'deposit', id: 8 } });
    await p('adjustment', 12_345_678, '2026-11-03T02:00:00Z', { memo: '=HYPERLINK("http://evil.example")' });
    await p('withdraw_hold', 200_000_000, '2026-11-05T02:00:00Z', { ref: { type: 'withdrawal', id: 3 } });
    await p('withdraw_paid', 200_000_000, '2026-11-06T02:00:00Z', { ref: { type: 'withdrawal', id: 3 } });
  });
  const api = client(t.app);
  const btc = services.market.service.instrumentByCode('BTCUSD')!;
  const orders: number[] = [];
  for (const [openBid, closeBid] of [
    [8_750_000, 8_790_000],
    [8_750_000, 8_700_000],
  ] as const) {
    setQuote(services, 'BTCUSD', openBid, openBid + 3_000);
    const opened = await api.post(
      '/v1/api/forex/submit',
      { type: 1, cont: '0.01', forex_id: btc.id, status: 1, multiple: Math.max(...btc.leverages) },
      { token: user.token },
    );
    if (opened.code !== 1) throw new Error(`order refused: ${opened.msg}`);
    const id = Number(opened.data.Id);
    setQuote(services, 'BTCUSD', closeBid, closeBid + 3_000);
    const closed = await api.post('/v1/api/forex/close', { id }, { token: user.token });
    if (closed.code !== 1) throw new Error(`close refused: ${closed.msg}`);
    orders.push(id);
  }
  await services.core.db.transaction().execute((trx) =>
    post(trx, {
      userId: user.userId,
      kind: 'deposit',
      amount: microUsd(77_000_000),
      now: NOV_END,
      ref: { type: 'deposit', id: 9 },
    }),
  );
  return { ...user, orders };
}

/** Σ of the user's log rows of a kind in [from, to), micro-USD, straight from the table. */
export async function ledgerSum(
  t: TestApp,
  userId: number,
  from: number,
  to: number,
  kind?: string,
  sign?: 1 | -1,
) {
  let q = t.services.core.db
    .selectFrom('account_logs')
    .select(['amount', 'type'])
    .where('user_id', '=', userId)
    .where('created_at', '>=', from)
    .where('created_at', '<', to);
  if (kind) q = q.where('type', '=', kind);
  const rows = await q.execute();
  return rows
    .map((r) => Number(r.amount))
    .filter((a) => (sign === undefined ? true : sign * a > 0))
    .reduce((s, a) => s + a, 0);
}

/** A GET of the statement file: status, headers and body bytes. */
export async function download(
  t: TestApp,
  query: Record<string, string | number>,
  o: { token: string; lang?: string },
) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const res = await t.app.inject({
    url: `/v1/api/main/statement/download?${qs}`,
    headers: { lang: o.lang ?? 'en', authorization: o.token },
  });
  return {
    status: res.statusCode,
    type: String(res.headers['content-type'] ?? ''),
    disposition: String(res.headers['content-disposition'] ?? ''),
    body: res.rawPayload,
  };
}
