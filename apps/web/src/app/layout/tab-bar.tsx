import { TabBar } from 'antd-mobile';
import { ContentOutline, HistogramOutline, TeamOutline, UnorderedListOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { CandlesIcon } from '@/components/candles-icon';
import { ROUTES } from '@/config/routes';
import styles from './tab-bar.module.css';

interface Tab {
  path: string;
  label: 'tab.news' | 'tab.orders' | 'tab.markets' | 'tab.rank' | 'tab.trade';
  icon: ReactNode;
}

/** Spec §2 order: news, orders, markets, ranking, trade — markets in the middle. */
const TABS: readonly Tab[] = [
  { path: ROUTES.news.path, label: 'tab.news', icon: <ContentOutline /> },
  { path: ROUTES.order.path, label: 'tab.orders', icon: <UnorderedListOutline /> },
  { path: ROUTES.home.path, label: 'tab.markets', icon: <HistogramOutline /> },
  { path: ROUTES.rank.path, label: 'tab.rank', icon: <TeamOutline /> },
  { path: ROUTES.trade.path, label: 'tab.trade', icon: <CandlesIcon /> },
];

export function AppTabBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <nav className={styles.bar} data-testid="tab-bar">
      <TabBar
        safeArea
        activeKey={pathname}
        onChange={(key) => {
          if (key !== pathname) void navigate(key);
        }}
      >
        {TABS.map((tab) => (
          <TabBar.Item key={tab.path} icon={tab.icon} title={t(tab.label)} />
        ))}
      </TabBar>
    </nav>
  );
}
