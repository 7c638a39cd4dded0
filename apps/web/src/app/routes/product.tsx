import type { TradePair } from '@pipwise/shared';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageNav } from '@/components/page-nav';
import { useCompanyStatus } from '@/features/auth/api/get-company-status';
import { CompanySearch } from '@/features/companies/components/company-search';
import { ProductSearch } from '@/features/markets/components/product-search';
import { selectPair } from '@/lib/selected-pair';
import { tradeLink } from '@/lib/trade-link';
import styles from './product.module.css';

/**
 * The main-site flag: getCompanyStatus `type` 1 marks the operator's main site, where
 * /product also searches the service providers (docs/product.md §2). Any other value: pairs only.
 */
const MAIN_SITE_TYPE = 1;

/**
 * /product (docs/product.md §2): search the pairs (a tap selects one and opens the trade screen);
 * on the main site, a second tab searches the service providers.
 */
export default function ProductPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mainSite = useCompanyStatus().data?.type === MAIN_SITE_TYPE;
  const [tab, setTab] = useState<'pairs' | 'companies'>('pairs');
  const onSelect = useCallback(
    (pair: TradePair) => {
      selectPair({ id: pair.Id, code: pair.Code });
      void navigate(tradeLink(pair));
    },
    [navigate],
  );
  return (
    <div className={styles.page} data-testid="product-page">
      <PageNav title={t('route.product')} />
      {mainSite ? (
        <div className={styles.tabs} role="tablist">
          {(['pairs', 'companies'] as const).map((key) => (
            <button
              key={key}
              type="button"
              role="tab"
              aria-selected={tab === key}
              className={`${styles.tab} ${tab === key ? styles.active : ''}`}
              onClick={() => setTab(key)}
            >
              {t(key === 'pairs' ? 'trading.tab_pairs' : 'trading.tab_companies')}
            </button>
          ))}
        </div>
      ) : null}
      {mainSite && tab === 'companies' ? <CompanySearch /> : <ProductSearch onSelect={onSelect} />}
    </div>
  );
}
