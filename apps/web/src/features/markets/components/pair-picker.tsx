import type { TradePair } from '@pipwise/shared';
import { SearchOutline } from 'antd-mobile-icons';
import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BottomSheet, SheetClose, SheetTitle } from '@/components/bottom-sheet';
import { SearchField } from '@/components/search-field';
import { StatusView } from '@/components/status-view';
import { formatPercent, formatPrice } from '@/lib/format';
import { pairSymbol, useInstrumentName } from '@/lib/instrument-name';
import { useSession } from '@/lib/use-session';
import { useFavourites } from '../api/favourites';
import { useCategories } from '../api/get-categories';
import { useTradeList } from '../api/get-trade-list';
import { useLiveQuote } from '../store/quotes-store';
import type { BoardFilter } from './board-filter';
import { CategoryChips } from './category-chips';
import { PairLogo } from './pair-logo';
import { filterPairs } from './pair-search';
import styles from './pair-picker.module.css';

interface Props {
  visible: boolean;
  onClose: () => void;
  selectedId: number | null;
  onSelect: (pair: TradePair) => void;
}

/**
 * The trade screen's pair drawer (docs/product.md §2): search and category filter over the full list,
 * each row priced live. It slides in from the start side (the right in Arabic).
 */
export function PairPicker({ visible, onClose, selectedId, onSelect }: Props) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<BoardFilter>(null);
  const list = useTradeList();
  const categories = useCategories();
  const favourites = useFavourites({ enabled: useSession() !== null });
  const nameOf = useInstrumentName();
  const pairs = useMemo(
    () => filterPairs(list.data ?? [], search, filter, nameOf, favourites.data),
    [list.data, search, filter, nameOf, favourites.data],
  );
  const rtl = i18n.dir(i18n.language) === 'rtl';

  return (
    <BottomSheet
      open={visible}
      onClose={onClose}
      position={rtl ? 'right' : 'left'}
      bodyClassName={styles.body}
    >
      <div className={styles.drawer} data-testid="pair-picker">
        <div className={styles.head}>
          <SheetTitle className={styles.title}>{t('trading.select_pair')}</SheetTitle>
          <SheetClose className={styles.close} onClick={onClose} />
        </div>
        <div className={styles.search}>
          <SearchField
            placeholder={t('home.search_placeholder')}
            value={search}
            onChange={setSearch}
            testId="pair-search"
          />
        </div>
        <CategoryChips
          categories={categories.data ?? []}
          value={filter}
          onChange={setFilter}
          favourites={(favourites.data?.length ?? 0) > 0}
        />
        <div className={styles.list} role="list">
          {pairs.length === 0 && !list.isPending ? (
            <StatusView icon={<SearchOutline />} title={t('home.empty')} />
          ) : (
            pairs.map((pair) => (
              <PickerRow key={pair.Id} pair={pair} active={pair.Id === selectedId} onSelect={onSelect} />
            ))
          )}
        </div>
      </div>
    </BottomSheet>
  );
}

const PickerRow = memo(function PickerRow({
  pair,
  active,
  onSelect,
}: {
  pair: TradePair;
  active: boolean;
  onSelect: (pair: TradePair) => void;
}) {
  const { t } = useTranslation();
  const nameOf = useInstrumentName();
  const symbol = pairSymbol(pair);
  const live = useLiveQuote(pair.Code);
  const close = live?.Close ?? pair.ForexQuotations.Close;
  const change = live?.Change ?? pair.ForexQuotations.Change;
  const closed = (live?.MarketStatus ?? pair.MarketStatus) === 0;
  const trend = change > 0 ? styles.up : change < 0 ? styles.down : '';
  return (
    <button
      type="button"
      role="listitem"
      className={`${styles.row} ${active ? styles.active : ''}`}
      aria-current={active || undefined}
      data-testid="pair-option"
      data-code={pair.Code}
      onClick={() => onSelect(pair)}
    >
      <PairLogo logo={pair.Logo} label={symbol} />
      <span className={styles.name}>
        <span className={styles.code}>{symbol}</span>
        <span className={styles.sub}>{nameOf(pair) || pair.Code}</span>
      </span>
      <span className={styles.quote}>
        <span className={`pw-num ${styles.price}`}>{formatPrice(close, pair.PricePrecision)}</span>
        {closed ? (
          <span className={styles.closed}>{t('common.closed')}</span>
        ) : (
          <span className={`pw-num ${styles.change} ${trend}`}>{formatPercent(change)}</span>
        )}
      </span>
    </button>
  );
});
