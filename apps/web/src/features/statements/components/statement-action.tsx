import { FileOutline } from 'antd-mobile-icons';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './statement-action.module.css';

const StatementSheet = lazy(() => import('./statement-sheet'));

/**
 * The account log's "Statement" button (top bar end): opens the statement sheet. The sheet's
 * chunk (Popup, pickers) loads on the first tap, like the language sheet.
 */
export function StatementAction() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <button
        type="button"
        className={styles.action}
        aria-haspopup="dialog"
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        data-testid="statement-action"
      >
        <FileOutline aria-hidden />
        <span className={styles.text}>{t('statement.action')}</span>
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <StatementSheet open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
