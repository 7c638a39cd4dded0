import { SearchOutline, UserOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConnectionBadge } from '@/components/connection-badge';
import { ROUTES } from '@/config/routes';
import { UnreadBadge } from '@/features/inbox/components/unread-badge';
import { useUnreadCount } from '@/features/inbox/hooks/use-unread-count';
import { LanguageSwitcher } from '@/features/language/components/language-switcher';
import { MarketBoard } from '@/features/markets/components/market-board';
import styles from './home.module.css';

/**
 * Home (docs/product.md §2 "/"): the header — its Me button carries the unread notices'
 * badge (docs/notifications.md "The inbox") — and the live market board. The layout keeps this page
 * mounted while the trader is elsewhere, so filters and scroll survive a round trip.
 */
export default function HomePage() {
  const { t } = useTranslation();
  const unread = useUnreadCount();
  return (
    <div className={styles.page} data-testid="home-page">
      <header className={styles.header}>
        <div className={styles.brand}>
          <img src="/icons/logo.svg" alt="" width={28} height={28} className={styles.mark} />
          {/* The badge sits under the name: beside it, its word would be cut in most languages. */}
          <div className={styles.title}>
            <h1 className={styles.name}>{t('common.app_name')}</h1>
            <ConnectionBadge />
          </div>
        </div>
        <nav className={styles.actions}>
          <Link
            to={ROUTES.product.path}
            className={styles.icon}
            aria-label={t('common.search')}
            data-testid="home-search"
          >
            <SearchOutline />
          </Link>
          <LanguageSwitcher />
          <Link
            to={ROUTES.user.path}
            className={styles.icon}
            aria-label={
              unread > 0 ? `${t('home.mine')} · ${t('inbox.unread', { count: unread })}` : t('home.mine')
            }
            data-testid="home-mine"
          >
            <UserOutline />
            {/* Unread notices: the Me page has the inbox. */}
            <UnreadBadge corner />
          </Link>
        </nav>
      </header>
      <MarketBoard />
    </div>
  );
}
