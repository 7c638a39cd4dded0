import type { Company } from '@pipwise/shared';
import { SearchOutline } from 'antd-mobile-icons';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchField } from '@/components/search-field';
import { StatusView } from '@/components/status-view';
import { env } from '@/config/env';
import { readCompanyChoice } from '@/lib/company-choice';
import { useCompanies } from '../api/get-companies';
import { CompanyPopup } from './company-popup';
import styles from './company-search.module.css';

const logoUrl = (logo: string) => {
  try {
    return logo ? new URL(logo, env.apiBase).toString() : null;
  } catch {
    return null;
  }
};

/**
 * /product on the main site (docs/product.md §2): search the service providers by name; a tap opens
 * the company popup, where the trader can choose it (kept in a cookie, docs/product.md §9).
 */
export function CompanySearch() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const name = useDeferredValue(text.trim());
  const list = useCompanies(name);
  const [open, setOpen] = useState<Company | null>(null);
  const [chosen, setChosen] = useState(readCompanyChoice);

  return (
    <section data-testid="company-search">
      <div className={styles.bar}>
        <SearchField
          placeholder={t('trading.company_search')}
          value={text}
          onChange={setText}
          maxLength={100}
        />
      </div>
      {list.data && list.data.length === 0 ? (
        <StatusView icon={<SearchOutline />} title={t('errors.company_not_found')} />
      ) : (
        <ul className={styles.list}>
          {(list.data ?? []).map((c) => {
            const src = logoUrl(c.logo);
            return (
              <li key={c.id}>
                <button
                  type="button"
                  className={styles.row}
                  onClick={() => setOpen(c)}
                  data-testid="company-row"
                >
                  <span className={styles.logo} aria-hidden>
                    {src ? (
                      <img src={src} alt="" width={40} height={40} loading="lazy" />
                    ) : (
                      c.name.slice(0, 1)
                    )}
                  </span>
                  <span className={styles.text}>
                    <span className={styles.name}>{c.name}</span>
                    <span className={styles.sub}>{c.subject || c.location}</span>
                  </span>
                  {chosen === c.id ? (
                    <span className={styles.chosen}>{t('trading.company_chosen')}</span>
                  ) : null}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <CompanyPopup
        company={open}
        chosen={open !== null && chosen === open.id}
        onClose={() => setOpen(null)}
        onChosen={(id) => {
          setChosen(id);
          setOpen(null);
        }}
      />
    </section>
  );
}
