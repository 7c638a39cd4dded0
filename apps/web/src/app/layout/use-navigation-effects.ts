import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import type { Location } from 'react-router';
import { TRADE_LIST_REFRESH_PATHS } from '@/config/routes';
import { refreshTradeList } from '@/features/markets/api/get-trade-list';
import { getLiveSocket } from '@/lib/live';

const isShown = (el: HTMLElement | null) => el !== null && el.getClientRects().length > 0;

/**
 * What docs/product.md §2 asks of every navigation: the live socket is (idempotently) opened, the
 * view starts at the top — except the kept-alive home, which gets its own scroll back —
 * and entering / or /trade refreshes the trade list.
 */
export function useNavigationEffects(
  location: Location,
  isHome: boolean,
  homeRef: RefObject<HTMLElement | null>,
): void {
  const queryClient = useQueryClient();
  const homeScroll = useRef(0);

  // Remember how far down the home page is. Leaving it hides it, which makes the browser
  // clamp the scroll: that late event must not overwrite the position, hence the check
  // that home is still on screen.
  useEffect(() => {
    const onScroll = () => {
      if (isShown(homeRef.current)) homeScroll.current = window.scrollY;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [homeRef]);

  // Layout effect: the scroll is set before the browser paints the new page.
  useLayoutEffect(() => {
    const target = isHome ? homeScroll.current : 0;
    window.scrollTo({ top: target, behavior: 'instant' });
    if (!isHome || window.scrollY === target) return;
    // The revealed home may not be laid out to full height yet: try again next frames.
    let frames = 0;
    let id = requestAnimationFrame(function retry() {
      window.scrollTo({ top: target, behavior: 'instant' });
      if (window.scrollY !== target && ++frames < 10) id = requestAnimationFrame(retry);
    });
    return () => cancelAnimationFrame(id);
  }, [location.key, isHome]);

  useEffect(() => {
    getLiveSocket().init();
    if (TRADE_LIST_REFRESH_PATHS.has(location.pathname)) void refreshTradeList(queryClient);
  }, [location.key, location.pathname, queryClient]);
}
