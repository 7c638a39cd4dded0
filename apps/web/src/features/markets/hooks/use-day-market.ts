import { useEffect } from 'react';
import { getLiveSocket } from '@/lib/live';
import { applyQuotePushes } from '../store/quotes-store';

/**
 * Listens to DAY_MARKET while the calling component is shown. The home page is kept
 * alive inside <Activity>, which runs effect clean-ups when it is hidden, so the
 * subscription pauses while the trader is on another page.
 */
export function useDayMarket(): void {
  useEffect(() => getLiveSocket().subscribe('DAY_MARKET', applyQuotePushes), []);
}
