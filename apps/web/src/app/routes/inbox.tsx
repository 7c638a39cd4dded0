import { SetOutline } from 'antd-mobile-icons';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageNav } from '@/components/page-nav';
import { ROUTES, type RouteDef } from '@/config/routes';
import { NoticeList } from '@/features/inbox/components/notice-list';
import { useTradeList } from '@/features/markets/api/get-trade-list';
import { symbolOfCode } from '@/lib/instrument-name';
import nav from './nav-action.module.css';
import page from './page.module.css';

/**
 * /inbox (login, docs/notifications.md "The inbox"): the trader's notices, newest first, and
 * the way to what it tells them (/inbox/settings). Pairs are named by the board's symbols.
 */
export default function InboxPage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  const pairs = useTradeList();
  const symbolOf = useCallback((code: string) => symbolOfCode(pairs.data, code), [pairs.data]);
  return (
    <div className={page.page} data-testid="inbox-page">
      <PageNav
        title={t(route.title)}
        fallback={ROUTES.user.path}
        right={
          <Link
            to={ROUTES.inboxSettings.path}
            className={nav.action}
            aria-label={t('inbox.settings')}
            data-testid="inbox-settings-link"
          >
            <SetOutline />
          </Link>
        }
      />
      <NoticeList symbolOf={symbolOf} />
    </div>
  );
}
