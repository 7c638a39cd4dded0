import type { TradePair } from '@pipwise/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ExclamationCircleOutline, SearchOutline } from 'antd-mobile-icons';
import { useCallback, useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchField } from '@/components/search-field';
import { StatusView } from '@/components/status-view';
import { tradeListQueryOptions } from '../api/get-trade-list';
import { useDayMarket } from '../hooks/use-day-market';
import { seedQuotes } from '../store/quotes-store';
import { MarketListSkeleton } from './market-list-skeleton';
import { MarketRow } from './market-row';
import styles from './product-search.module.css';

interface Props {
  /** A result was tapped: the page selects it and opens the trade screen. */
  onSelect: (pair: TradePair) => void;
}

/**
 * /product (docs/product.md §2): the pairs search. The server matches `searchCurrency` against code
 * and display code; an empty box lists every pair. Rows are the home rows, priced live.
 */
export function ProductSearch({ onSelect }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  // Typing stays responsive; the query follows the settled text.
  const search = useDeferredValue(text.trim());
  // The previous results stay while the next search loads: no skeleton flash per letter.
  const list = useQuery({
    ...tradeListQueryOptions(search ? { searchCurrency: search } : {}),
    placeholderData: keepPreviousData,
  });
  useDayMarket();
  useEffect(() => {
    if (list.data) seedQuotes(list.data);
  }, [list.data]);
  const select = useCallback((pair: TradePair) => onSelect(pair), [onSelect]);

  let body;
  if (list.isPending) body = <MarketListSkeleton />;
  else if (list.isError && !list.data)
    body = (
      <StatusView
        icon={<ExclamationCircleOutline />}
        title={t('home.load_failed')}
        action={{ label: t('common.retry'), onClick: () => void list.refetch() }}
      />
    );
  else if (list.data.length === 0)
    body = <StatusView testId="product-empty" icon={<SearchOutline />} title={t('home.empty')} />;
  else
    body = (
      <div role="list">
        {list.data.map((pair) => (
          <div role="listitem" key={pair.Id}>
            <MarketRow pair={pair} onSelect={select} />
          </div>
        ))}
      </div>
    );

  return (
    <section className={styles.section} data-testid="product-search">
      <div className={styles.bar}>
        <SearchField
          autoFocus
          placeholder={t('home.search_placeholder')}
          value={text}
          onChange={setText}
          maxLength={32}
          testId="product-search-input"
        />
      </div>
      {body}
    </section>
  );
}
