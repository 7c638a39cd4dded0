import { useEffect } from 'react';
import { useTradeList } from '../api/get-trade-list';
import { seedQuotes } from '../store/quotes-store';
import { useDayMarket } from './use-day-market';

/**
 * Every pair, priced live: the trade list seeds the quotes store and DAY_MARKET keeps it
 * moving while the caller is shown. For pages other than home (the trade screen), which
 * need the pairs' settings and their live quotes without the home board.
 */
export function useLivePairs() {
  const list = useTradeList();
  useEffect(() => {
    if (list.data) seedQuotes(list.data);
  }, [list.data]);
  useDayMarket();
  return list;
}
