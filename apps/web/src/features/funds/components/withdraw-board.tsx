import { useTranslation } from 'react-i18next';
import type { DrawKind } from '../api/get-draw-symbols';
import { useDrawsFollowAccount } from '../hooks/use-live-withdrawable';
import styles from './funds.module.css';
import { Segmented } from './segmented';
import { WithdrawForm } from './withdraw-form';
import { WithdrawRecords } from './withdraw-records';

export type WithdrawTab = 'form' | 'records';

/** `?tab=` of /mine/withdraw: the form (default) or the records. */
export function parseWithdrawTab(value: string | null): WithdrawTab {
  return value === 'records' ? 'records' : 'form';
}

/**
 * /mine/withdraw (docs/product.md §2): request a withdrawal, or look at the ones made. After a
 * request the records of its type show, with the new one under review on top.
 */
export function WithdrawBoard({
  tab,
  recordsType,
  onTab,
  onSubmitted,
}: {
  tab: WithdrawTab;
  recordsType: DrawKind;
  onTab: (tab: WithdrawTab) => void;
  onSubmitted: (type: DrawKind) => void;
}) {
  const { t } = useTranslation();
  useDrawsFollowAccount();
  return (
    <div className={styles.body} data-testid="withdraw-board" data-tab={tab}>
      <Segmented<WithdrawTab>
        label={t('route.withdraw')}
        testId="withdraw-tab"
        variant="underline"
        value={tab}
        onChange={onTab}
        options={[
          { value: 'form', label: t('funds.tab_withdraw') },
          { value: 'records', label: t('funds.tab_records') },
        ]}
      />
      {tab === 'form' ? (
        <WithdrawForm onSubmitted={onSubmitted} />
      ) : (
        <WithdrawRecords initialType={recordsType} />
      )}
    </div>
  );
}
