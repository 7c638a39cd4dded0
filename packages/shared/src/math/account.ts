import { Dec, type DecimalInput } from './decimal.js';
import { roundMoney } from './money.js';
import { finite, nonNegative } from './validate.js';

// Account figures of docs/money.md. Inputs are USD amounts (use `fromMicros` on stored
// integers first); money results are rounded to 6 decimals, the margin level to 2.

/** Equity (net value), USD: round(balance + floatingProfit, 6). */
export function accountEquity({
  balance,
  floatingProfit,
}: {
  balance: DecimalInput;
  /** Σ `positionProfit` of the open positions at the current quotes. */
  floatingProfit: DecimalInput;
}): Dec {
  return roundMoney(finite('balance', balance).plus(finite('floatingProfit', floatingProfit)));
}

/**
 * Free margin (usable prepayment), USD: round(equity − usedMargin − held, 6). May be
 * negative. Funds held by pending withdrawals are not available to trade with.
 */
export function accountFreeMargin({
  equity,
  usedMargin,
  held = 0,
}: {
  equity: DecimalInput;
  /** Σ margin (`CautionMoney`) of the open positions. */
  usedMargin: DecimalInput;
  /** `lock_balance`: held by pending withdrawals. */
  held?: DecimalInput;
}): Dec {
  return roundMoney(
    finite('equity', equity).minus(nonNegative('usedMargin', usedMargin)).minus(nonNegative('held', held)),
  );
}

/**
 * Margin level in percent: round(equity / usedMargin × 100, 2), half up. null when
 * usedMargin is 0 (no open position: the level is undefined; the API shows 0). Compare it
 * with the stop-out (50) and margin-call (100) levels.
 */
export function accountMarginLevel({
  equity,
  usedMargin,
}: {
  equity: DecimalInput;
  usedMargin: DecimalInput;
}): Dec | null {
  const used = nonNegative('usedMargin', usedMargin);
  if (used.isZero()) return null;
  return finite('equity', equity).div(used).mul(100).toDecimalPlaces(2, Dec.ROUND_HALF_UP);
}

/**
 * All three at once: equity = balance + floatingProfit; freeMargin = equity − usedMargin −
 * held; marginLevel = equity / usedMargin × 100 (null with no margin used).
 */
export function computeAccountFigures({
  balance,
  floatingProfit,
  usedMargin,
  held = 0,
}: {
  balance: DecimalInput;
  floatingProfit: DecimalInput;
  usedMargin: DecimalInput;
  held?: DecimalInput;
}): { equity: Dec; freeMargin: Dec; marginLevel: Dec | null } {
  const eq = accountEquity({ balance, floatingProfit });
  return {
    equity: eq,
    freeMargin: accountFreeMargin({ equity: eq, usedMargin, held }),
    marginLevel: accountMarginLevel({ equity: eq, usedMargin }),
  };
}
