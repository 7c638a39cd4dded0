import { useEffect } from 'react';
import { useTradingConditions } from '@/lib/trading-conditions';
import { useSession } from '@/lib/use-session';
import { setQuoteMarkups } from '../store/quotes-store';

/**
 * Shows every price as the logged-in account deals at it: the market's quote widened by its
 * trading group's markup per pair (docs/trading-groups.md "Markup"), read from the account's
 * conditions; the market's own once logged out. Mounted once, in the app's frame.
 */
export function useAccountPrices(): void {
  const session = useSession();
  const instruments = useTradingConditions({ enabled: session !== null }).data?.instruments;
  useEffect(() => {
    setQuoteMarkups(
      session === null || !instruments
        ? []
        : instruments.map((i) => ({ code: i.code, markup: i.markup_points })),
    );
  }, [session, instruments]);
}
