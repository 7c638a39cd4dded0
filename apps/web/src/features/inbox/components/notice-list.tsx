import type { Notice, NoticeKind } from '@pipwise/shared';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { InfiniteScroll } from 'antd-mobile';
import {
  ArrowDownCircleOutline,
  BellOutline,
  CheckCircleOutline,
  ExclamationCircleOutline,
  ExclamationTriangleOutline,
  FlagOutline,
  MailOpenOutline,
  SoundOutline,
  UpCircleOutline,
  UserContactOutline,
} from 'antd-mobile-icons';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SkeletonBlock } from '@/components/skeleton-block';
import { StatusView } from '@/components/status-view';
import { ROUTES } from '@/config/routes';
import { useDateTime } from '@/lib/use-date-time';
import { flattenNotices, inboxListQueryOptions } from '../api/inbox-list';
import { useReadNotices } from '../api/inbox-read';
import { useUnreadCount } from '../hooks/use-unread-count';
import { LINE, noticeText } from '../utils/notice-text';
import styles from './notice-list.module.css';

const ICONS: Partial<Record<NoticeKind, ReactNode>> = {
  price_alert: <BellOutline />,
  order_filled: <CheckCircleOutline />,
  position_closed: <FlagOutline />,
  margin_warning: <ExclamationTriangleOutline />,
  stop_out: <ExclamationTriangleOutline />,
  deposit: <ArrowDownCircleOutline />,
  withdrawal: <UpCircleOutline />,
  identity: <UserContactOutline />,
  announcement: <SoundOutline />,
};

/** Where a tap on a notice leads besides reading it: an announcement opens its page. */
const OPENS: Partial<Record<NoticeKind, string>> = {
  announcement: ROUTES.announcement.path,
};

interface Props {
  /** The pair's symbol from its code (EURUSD → EUR/USD), as the board shows it. */
  symbolOf: (code: string) => string;
}

/**
 * The inbox (docs/notifications.md "The inbox"): newest first, 20 a page, more on scroll.
 * Unread notices carry a dot and stand out; a tap marks one read, "Mark all as read" all.
 * An announcement's notice opens the announcement's page (in the reader's language) too.
 */
export function NoticeList({ symbolOf }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useInfiniteQuery(inboxListQueryOptions(queryClient));
  const unread = useUnreadCount();
  const read = useReadNotices();
  const navigate = useNavigate();
  const notices = useMemo(() => flattenNotices(list.data?.pages), [list.data]);

  if (list.isPending) {
    return (
      <div className={styles.skeleton} aria-busy="true">
        {[0, 1, 2, 3, 4].map((i) => (
          <SkeletonBlock key={i} height={68} radius={12} />
        ))}
      </div>
    );
  }
  if (list.isError && !list.data) {
    return (
      <StatusView
        icon={<ExclamationCircleOutline />}
        title={t('mine.load_failed')}
        action={{ label: t('common.retry'), onClick: () => void list.refetch() }}
      />
    );
  }

  return (
    <>
      <div className={styles.bar}>
        <span className={styles.unread} data-testid="inbox-unread">
          {unread > 0 ? t('inbox.unread', { count: unread }) : null}
        </span>
        <button
          type="button"
          className={styles.markAll}
          disabled={unread === 0}
          onClick={() => read.mutate(undefined)}
          data-testid="inbox-mark-all"
        >
          <MailOpenOutline aria-hidden />
          <span>{t('inbox.mark_all_read')}</span>
        </button>
      </div>
      {notices.length === 0 ? (
        <StatusView testId="inbox-empty" icon={<BellOutline />} title={t('inbox.empty')} />
      ) : (
        <>
          <ul className={styles.list} data-testid="notice-list">
            {notices.map((notice) => (
              <NoticeRow
                key={notice.id}
                notice={notice}
                text={noticeText(t, notice, symbolOf)}
                onRead={() => {
                  if (notice.read === 0) read.mutate(notice.id);
                  const opens = OPENS[notice.kind];
                  if (opens) void navigate(opens);
                }}
              />
            ))}
          </ul>
          <InfiniteScroll
            hasMore={list.hasNextPage}
            loadMore={async () => {
              await list.fetchNextPage({ throwOnError: true });
            }}
          />
        </>
      )}
    </>
  );
}

/** One notice: its icon, sentence, detail lines and time; a tap reads it. */
export function NoticeRow({ notice, text, onRead }: { notice: Notice; text: string; onRead: () => void }) {
  const timeOf = useDateTime();
  const unread = notice.read === 0;
  const [headline, ...details] = text.split(LINE);
  return (
    <li>
      <button
        type="button"
        className={`${styles.row} ${unread ? styles.rowUnread : ''}`}
        onClick={onRead}
        data-testid="notice-row"
        data-kind={notice.kind}
        data-read={notice.read}
      >
        <span className={`${styles.icon} ${styles[notice.kind]}`} aria-hidden>
          {ICONS[notice.kind] ?? <BellOutline />}
        </span>
        <span className={styles.text}>
          <span className={styles.sentence}>{headline}</span>
          {details.length > 0 ? (
            <span className={styles.details}>
              {details.map((line, i) => (
                <span key={i}>{line}</span>
              ))}
            </span>
          ) : null}
          <span className={styles.time}>
            <bdi>{timeOf(notice.created_at)}</bdi>
          </span>
        </span>
        {unread ? <span className={styles.dot} aria-hidden /> : null}
      </button>
    </li>
  );
}
