import type { Company } from '@pipwise/shared';
import { Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { BottomSheet, SheetClose, SheetTitle } from '@/components/bottom-sheet';
import { writeCompanyChoice } from '@/lib/company-choice';
import styles from './company-search.module.css';

interface Props {
  company: Company | null;
  chosen: boolean;
  onClose: () => void;
  onChosen: (id: number) => void;
}

/** Who the provider is (docs/product.md §3 Company), and the button that chooses it. */
export function CompanyPopup({ company, chosen, onClose, onChosen }: Props) {
  const { t } = useTranslation();
  const rows: [string, string][] = company
    ? [
        [t('trading.company_subject'), company.subject],
        [t('trading.company_address'), company.registered_address],
        [t('trading.company_location'), company.location],
        [t('auth.email'), company.email],
      ]
    : [];
  return (
    <BottomSheet open={company !== null} onClose={onClose} bodyClassName={styles.popup}>
      {company ? (
        <div className={styles.detail} data-testid="company-popup">
          <div className={styles.popupHead}>
            <SheetTitle as="h3" className={styles.title}>
              {company.name}
              {company.is_main === 1 ? (
                <span className={styles.main}>{t('trading.company_main')}</span>
              ) : null}
            </SheetTitle>
            <SheetClose className={styles.close} onClick={onClose} />
          </div>
          <dl className={styles.rows}>
            {rows
              .filter(([, v]) => v)
              .map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            {company.url ? (
              <div>
                <dt>{t('trading.company_website')}</dt>
                <dd>
                  <a href={company.url} target="_blank" rel="noopener noreferrer">
                    {company.url}
                  </a>
                </dd>
              </div>
            ) : null}
          </dl>
          <button
            type="button"
            className={styles.choose}
            disabled={chosen}
            onClick={() => {
              writeCompanyChoice(company.id);
              Toast.show({ content: t('trading.company_chosen') });
              onChosen(company.id);
            }}
          >
            {t(chosen ? 'trading.company_chosen' : 'trading.company_choose')}
          </button>
        </div>
      ) : null}
    </BottomSheet>
  );
}
