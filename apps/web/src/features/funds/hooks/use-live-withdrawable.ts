import { withdrawableAmount } from '@pipwise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useAccountFigures } from '@/lib/account-figures';
import { useWithdrawable } from '../api/get-withdrawable';
import { drawKey } from '../api/keys';

/**
 * What can be withdrawn, live (docs/money.md "Deposits and withdrawals"): from the
 * account's one live copy of its figures (lib/account-figures.ts) — balance, held, free
 * margin — with the shared rule the server applies, so it moves with prices and with an
 * operator's decisions; the server's own answer until those figures are in.
 */
export function useLiveWithdrawable(): number | undefined {
  const server = useWithdrawable();
  const live = useAccountFigures().data;
  return live
    ? withdrawableAmount({
        balance: live.balance,
        held: live.lock_balance,
        freeMargin: live.free_margin,
      }).toNumber()
    : server.data?.withdrawable;
}

/**
 * The withdrawal records follow the account: when its balance or held amount moves (a
 * request held, paid or rejected), the records — their statuses — are read again.
 */
export function useDrawsFollowAccount(): void {
  const queryClient = useQueryClient();
  const live = useAccountFigures().data;
  const moved = live ? `${live.balance}|${live.lock_balance}` : '';
  const last = useRef(moved);
  useEffect(() => {
    if (last.current === moved) return;
    const first = last.current === '';
    last.current = moved;
    if (!first) void queryClient.invalidateQueries({ queryKey: drawKey });
  }, [moved, queryClient]);
}
