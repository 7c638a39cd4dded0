import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageNav } from '@/components/page-nav';
import { ROUTES, type RouteDef } from '@/config/routes';
import { NoticeDetail } from '@/features/inbox/components/notice-detail';
import { useTradeList } from '@/features/markets/api/get-trade-list';
import { symbolOfCode } from '@/lib/instrument-name';
import page from './page.module.css';

/** A positive whole id from the query (`?id=`), else 0: nothing is asked for. */
function idParam(text: string | null): number {
  return text !== null && /^[1-9]\d{0,15}$/.test(text) ? Number(text) : 0;
}

/**
 * /inbox/notice?id= (login): one notice, such as the stop-out receipt an account log entry
 * links to (docs/notifications.md "The stop-out receipt").
 */
export default function InboxNoticePage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const pairs = useTradeList();
  const symbolOf = useCallback((code: string) => symbolOfCode(pairs.data, code), [pairs.data]);
  return (
    <div className={page.page} data-testid="inbox-notice-page">
      <PageNav title={t(route.title)} fallback={ROUTES.inbox.path} />
      <NoticeDetail id={idParam(params.get('id'))} symbolOf={symbolOf} />
    </div>
  );
}
