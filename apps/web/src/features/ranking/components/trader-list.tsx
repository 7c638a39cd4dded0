import { PULL_REFRESH_CLOSE_MS } from '@pipwise/shared';
import { PullToRefresh } from 'antd-mobile';
import { ExclamationCircleOutline, TeamOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { StatusView } from '@/components/status-view';
import { useFollowList } from '../api/get-follow-list';
import { TraderCard } from './trader-card';
import styles from './trader-list.module.css';

/**
 * /rank: the follow traders with every figure of the spec. View only (docs/product.md §1):
 * copy trading comes later, and each card says so rather than offering a button.
 */
export function TraderList() {
  const { t } = useTranslation();
  const traders = useFollowList();

  let body;
  if (traders.isPending) {
    body = (
      <div className={styles.list} aria-busy="true" data-testid="rank-skeleton">
        {[0, 1, 2].map((i) => (
          <div key={i} className={styles.skeleton} />
        ))}
      </div>
    );
  } else if (traders.isError) {
    body = (
      <StatusView
        icon={<ExclamationCircleOutline />}
        title={t('content.load_failed')}
        action={{ label: t('common.retry'), onClick: () => void traders.refetch() }}
      />
    );
  } else if (traders.data.length === 0) {
    body = <StatusView testId="rank-empty" icon={<TeamOutline />} title={t('content.rank_empty')} />;
  } else {
    body = (
      <div className={styles.list} data-testid="rank-list">
        {traders.data.map((trader, index) => (
          <TraderCard key={trader.id} trader={trader} rank={index + 1} />
        ))}
        <p className={styles.note}>{t('content.rank_note')}</p>
      </div>
    );
  }
  return (
    <PullToRefresh
      onRefresh={async () => {
        await traders.refetch();
      }}
      completeDelay={PULL_REFRESH_CLOSE_MS}
    >
      <header className={styles.intro}>
        <h2 className={styles.title}>{t('content.rank_title')}</h2>
        <p className={styles.subtitle}>{t('content.rank_subtitle')}</p>
      </header>
      {body}
    </PullToRefresh>
  );
}
