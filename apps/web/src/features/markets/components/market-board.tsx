import type { TradePair } from '@pipwise/shared';
import { SearchOutline, ExclamationCircleOutline, StarOutline } from 'antd-mobile-icons';
import { startTransition, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { StatusView } from '@/components/status-view';
import { selectPair } from '@/lib/selected-pair';
import { tradeLink } from '@/lib/trade-link';
import { useSession } from '@/lib/use-session';
import { useFavourites } from '../api/favourites';
import { useCategories } from '../api/get-categories';
import { useTradeList } from '../api/get-trade-list';
import { useDayMarket } from '../hooks/use-day-market';
import { seedQuotes } from '../store/quotes-store';
import { boardPairs, type BoardFilter } from './board-filter';
import { CategoryChips } from './category-chips';
import { MarketListSkeleton } from './market-list-skeleton';
import { MarketRow } from './market-row';
import rowStyles from './market-row.module.css';
import styles from './market-board.module.css';

/**
 * The live market board of the home page: category chips, the column head and one row
 * per pair, priced live from DAY_MARKET. Filtering by category happens here on the full
 * list, so switching chips is instant and shares one live subscription.
 */
export function MarketBoard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [filter, setFilter] = useState<BoardFilter>(null);
  const list = useTradeList();
  const categories = useCategories();
  const favourites = useFavourites({ enabled: useSession() !== null });
  useDayMarket();

  useEffect(() => {
    if (list.data) seedQuotes(list.data);
  }, [list.data]);

  const pairs = useMemo(
    () => boardPairs(list.data ?? [], filter, favourites.data ?? []),
    [list.data, filter, favourites.data],
  );

  const shown = useRowsShown(pairs.length);

  const onSelect = useCallback(
    (pair: TradePair) => {
      selectPair({ id: pair.Id, code: pair.Code });
      void navigate(tradeLink(pair));
    },
    [navigate],
  );

  let body;
  if (list.isPending) {
    body = <MarketListSkeleton />;
  } else if (list.isError && !list.data) {
    body = (
      <StatusView
        testId="market-error"
        icon={<ExclamationCircleOutline />}
        title={t('home.load_failed')}
        action={{ label: t('common.retry'), onClick: () => void list.refetch() }}
      />
    );
  } else if (pairs.length === 0 && filter === 'favourites') {
    body = <StatusView testId="favourites-empty" icon={<StarOutline />} title={t('home.favourites_empty')} />;
  } else if (pairs.length === 0) {
    body = <StatusView testId="market-empty" icon={<SearchOutline />} title={t('home.empty')} />;
  } else {
    body = (
      <div role="list" aria-busy={shown < pairs.length} data-testid="market-list">
        {pairs.slice(0, shown).map((pair) => (
          <div role="listitem" key={pair.Id}>
            <MarketRow pair={pair} onSelect={onSelect} />
          </div>
        ))}
      </div>
    );
  }

  return (
    <section className={styles.board}>
      <div className={styles.sticky}>
        <CategoryChips
          categories={categories.data ?? []}
          value={filter}
          onChange={setFilter}
          favourites={(favourites.data?.length ?? 0) > 0}
        />
        {/* The chart and the chip measure different windows: the head says which (and the title, how). */}
        <div
          className={`${rowStyles.row} ${styles.head}`}
          title={t('home.window_hint')}
          data-testid="market-head"
        >
          <span className={styles.headName}>{t('home.col_name')}</span>
          <span className={styles.headChart}>{t('home.col_chart')}</span>
          <span className={styles.headPrice}>{t('home.col_price')}</span>
          <span className={styles.headChange}>{t('home.col_today')}</span>
        </div>
      </div>
      {body}
    </section>
  );
}

/** A row is at least this tall (market-row.module.css). */
const ROW_MIN_HEIGHT = 64;

/**
 * How many rows to draw: on the first render, the rows that can fit on the screen; the
 * others right after it has painted, in a render of their own that input can interrupt.
 * Rendering all 30 rows was much of a cold load's first paint on a phone's slow CPU, and
 * the rows under the fold are not seen before it anyway (docs/benchmarks.md "First
 * screen"). The list is aria-busy until they are all in.
 */
function useRowsShown(total: number): number {
  const [all, setAll] = useState(false);
  useEffect(() => {
    if (total > 0 && !all) startTransition(() => setAll(true));
  }, [total, all]);
  return all ? total : Math.min(total, Math.ceil(window.innerHeight / ROW_MIN_HEIGHT));
}
