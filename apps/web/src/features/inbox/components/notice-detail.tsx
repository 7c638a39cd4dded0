import { ExclamationCircleOutline } from 'antd-mobile-icons';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { SkeletonBlock } from '@/components/skeleton-block';
import { StatusView } from '@/components/status-view';
import { useNotice } from '../api/inbox-notice';
import { useReadNotices } from '../api/inbox-read';
import { noticeText } from '../utils/notice-text';
import { NoticeRow } from './notice-list';
import styles from './notice-list.module.css';

/**
 * One notice on its own page — a stop-out receipt opened from the account log
 * (docs/notifications.md "The stop-out receipt"); opening it reads it.
 */
export function NoticeDetail({ id, symbolOf }: { id: number; symbolOf: (code: string) => string }) {
  const { t } = useTranslation();
  const notice = useNotice(id);
  const read = useReadNotices();
  const unread = notice.data?.read === 0;
  const { mutate } = read;
  useEffect(() => {
    if (unread) mutate(id);
  }, [unread, id, mutate]);

  if (notice.isPending && id > 0) return <SkeletonBlock height={160} radius={12} />;
  if (!notice.data) {
    return (
      <StatusView
        testId="notice-missing"
        icon={<ExclamationCircleOutline />}
        title={notice.isError ? t('mine.load_failed') : t('errors.notice_not_found')}
        {...(notice.isError
          ? { action: { label: t('common.retry'), onClick: () => void notice.refetch() } }
          : {})}
      />
    );
  }
  return (
    <ul className={styles.list} data-testid="notice-detail">
      <NoticeRow notice={notice.data} text={noticeText(t, notice.data, symbolOf)} onRead={() => undefined} />
    </ul>
  );
}
