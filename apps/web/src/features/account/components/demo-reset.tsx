import { UndoOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '@/components/dialog-focus';
import { useResetDemo } from '../api/reset-demo';
import styles from './demo-reset.module.css';

/** Demo users only (docs/product.md §4, §6): back to the starting balance, after a confirmation. */
export function DemoReset({ onReset }: { onReset?: () => void }) {
  const { t } = useTranslation();
  const reset = useResetDemo({
    confirm: () =>
      confirmDialog({
        label: t('mine.reset_demo'),
        title: t('mine.reset_demo'),
        content: t('mine.reset_demo_confirm'),
        confirmText: t('common.confirm'),
        cancelText: t('common.cancel'),
      }),
    onSuccess: onReset,
  });
  return (
    <button
      type="button"
      className={styles.button}
      onClick={() => void reset.submit()}
      disabled={reset.locked}
      data-testid="demo-reset"
    >
      <UndoOutline />
      {t('mine.reset_demo')}
    </button>
  );
}
