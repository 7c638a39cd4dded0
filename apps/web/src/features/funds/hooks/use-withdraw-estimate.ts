import type { DrawCurrency } from '@pipwise/shared';
import { useMemo } from 'react';
import { estimateWithdraw } from '../utils/withdraw-estimate';

/** Fee, arrival and the amount's problem, recomputed on every keystroke. */
export function useWithdrawEstimate(
  amountText: string,
  currency: DrawCurrency | undefined,
  withdrawable?: number,
) {
  return useMemo(
    () => estimateWithdraw(amountText, currency, withdrawable),
    [amountText, currency, withdrawable],
  );
}
