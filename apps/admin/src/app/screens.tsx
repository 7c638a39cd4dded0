import {
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  BankOutlined,
  ClusterOutlined,
  CommentOutlined,
  DashboardOutlined,
  FundViewOutlined,
  DollarOutlined,
  ExportOutlined,
  HistoryOutlined,
  IdcardOutlined,
  ImportOutlined,
  MailOutlined,
  NotificationOutlined,
  ReadOutlined,
  SafetyOutlined,
  SettingOutlined,
  SwapOutlined,
  StockOutlined,
  TeamOutlined,
  TrophyOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import {
  adminAnnouncementsEndpoint,
  adminAuditEndpoint,
  adminCategoriesEndpoint,
  adminChannelsEndpoint,
  adminCurrenciesEndpoint,
  adminDashboardEndpoint,
  adminDeskEndpoint,
  adminDepositsEndpoint,
  adminExecutionsEndpoint,
  adminFeedStatusEndpoint,
  adminFeedbackEndpoint,
  adminGroupsEndpoint,
  adminIdentitiesEndpoint,
  adminImportHistoryEndpoint,
  adminInstrumentsEndpoint,
  adminMeEndpoint,
  adminNewsEndpoint,
  adminOperatorsEndpoint,
  adminOutboxEndpoint,
  adminReportTrialBalanceEndpoint,
  adminSettingsEndpoint,
  adminTradersEndpoint,
  adminUsersEndpoint,
  adminWithdrawalsEndpoint,
  type Endpoint,
} from '@pipwise/shared';
import type { TFunction } from 'i18next';
import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';

/**
 * Every screen of the back office: where it lives (under /admin), its menu entry and the
 * endpoint that decides who may open it — the contract's `operator` list of the call the
 * screen cannot work without. The menu hides a screen the operator's role may not use;
 * reached by its address anyway, it shows "not allowed" (app/allowed.tsx).
 */
export type MenuGroup = 'overview' | 'traders' | 'money' | 'market' | 'content' | 'configuration' | 'system';

export type ScreenKey =
  | 'dashboard'
  | 'desk'
  | 'users'
  | 'identity'
  | 'feedback'
  | 'deposits'
  | 'withdrawals'
  | 'reports'
  | 'instruments'
  | 'categories'
  | 'groups'
  | 'executions'
  | 'feeds'
  | 'history'
  | 'news'
  | 'announcement'
  | 'traders'
  | 'channels'
  | 'currencies'
  | 'settings'
  | 'outbox'
  | 'operators'
  | 'audit'
  | 'account';

export interface Screen {
  key: ScreenKey;
  /** Path under /admin ('' is the dashboard). */
  path: string;
  group: MenuGroup | null;
  icon: ReactNode;
  endpoint: Endpoint;
  Page: LazyExoticComponent<ComponentType>;
}

const page = (load: () => Promise<{ default: ComponentType }>) => lazy(load);

export const SCREENS: readonly Screen[] = [
  {
    key: 'dashboard',
    path: '',
    group: 'overview',
    icon: <DashboardOutlined />,
    endpoint: adminDashboardEndpoint,
    Page: page(() => import('@/features/dashboard/dashboard-page')),
  },
  {
    key: 'desk',
    path: 'desk',
    group: 'overview',
    icon: <FundViewOutlined />,
    endpoint: adminDeskEndpoint,
    Page: page(() => import('@/features/desk/desk-page')),
  },
  {
    key: 'users',
    path: 'users',
    group: 'traders',
    icon: <TeamOutlined />,
    endpoint: adminUsersEndpoint,
    Page: page(() => import('@/features/users/users-page')),
  },
  {
    key: 'identity',
    path: 'identity',
    group: 'traders',
    icon: <IdcardOutlined />,
    endpoint: adminIdentitiesEndpoint,
    Page: page(() => import('@/features/identity/identity-page')),
  },
  {
    key: 'feedback',
    path: 'feedback',
    group: 'traders',
    icon: <CommentOutlined />,
    endpoint: adminFeedbackEndpoint,
    Page: page(() => import('@/features/feedback/feedback-page')),
  },
  {
    key: 'deposits',
    path: 'deposits',
    group: 'money',
    icon: <ImportOutlined />,
    endpoint: adminDepositsEndpoint,
    Page: page(() => import('@/features/deposits/deposits-page')),
  },
  {
    key: 'withdrawals',
    path: 'withdrawals',
    group: 'money',
    icon: <ExportOutlined />,
    endpoint: adminWithdrawalsEndpoint,
    Page: page(() => import('@/features/withdrawals/withdrawals-page')),
  },
  {
    key: 'reports',
    path: 'reports',
    group: 'money',
    icon: <BarChartOutlined />,
    endpoint: adminReportTrialBalanceEndpoint,
    Page: page(() => import('@/features/reports/reports-page')),
  },
  {
    key: 'instruments',
    path: 'instruments',
    group: 'market',
    icon: <StockOutlined />,
    endpoint: adminInstrumentsEndpoint,
    Page: page(() => import('@/features/instruments/instruments-page')),
  },
  {
    key: 'categories',
    path: 'categories',
    group: 'market',
    icon: <AppstoreOutlined />,
    endpoint: adminCategoriesEndpoint,
    Page: page(() => import('@/features/instruments/categories-page')),
  },
  {
    // Trading groups and, in a tab, the retail leverage caps: read by those who read accounts.
    key: 'groups',
    path: 'groups',
    group: 'market',
    icon: <ClusterOutlined />,
    endpoint: adminGroupsEndpoint,
    Page: page(() => import('@/features/instruments/groups-page')),
  },
  {
    key: 'executions',
    path: 'executions',
    group: 'market',
    icon: <SwapOutlined />,
    endpoint: adminExecutionsEndpoint,
    Page: page(() => import('@/features/executions/executions-page')),
  },
  {
    key: 'feeds',
    path: 'feeds',
    group: 'market',
    icon: <ApiOutlined />,
    endpoint: adminFeedStatusEndpoint,
    Page: page(() => import('@/features/feeds/feeds-page')),
  },
  {
    key: 'history',
    path: 'history',
    group: 'market',
    icon: <HistoryOutlined />,
    endpoint: adminImportHistoryEndpoint,
    Page: page(() => import('@/features/history/history-import-page')),
  },
  {
    key: 'news',
    path: 'news',
    group: 'content',
    icon: <ReadOutlined />,
    endpoint: adminNewsEndpoint,
    Page: page(() => import('@/features/news/news-page')),
  },
  {
    key: 'announcement',
    path: 'announcement',
    group: 'content',
    icon: <NotificationOutlined />,
    endpoint: adminAnnouncementsEndpoint,
    Page: page(() => import('@/features/announcement/announcement-page')),
  },
  {
    key: 'traders',
    path: 'traders',
    group: 'content',
    icon: <TrophyOutlined />,
    endpoint: adminTradersEndpoint,
    Page: page(() => import('@/features/traders/traders-page')),
  },
  {
    key: 'channels',
    path: 'channels',
    group: 'configuration',
    icon: <BankOutlined />,
    endpoint: adminChannelsEndpoint,
    Page: page(() => import('@/features/channels/channels-page')),
  },
  {
    key: 'currencies',
    path: 'currencies',
    group: 'configuration',
    icon: <DollarOutlined />,
    endpoint: adminCurrenciesEndpoint,
    Page: page(() => import('@/features/channels/currencies-page')),
  },
  {
    key: 'settings',
    path: 'settings',
    group: 'configuration',
    icon: <SettingOutlined />,
    endpoint: adminSettingsEndpoint,
    Page: page(() => import('@/features/settings/settings-page')),
  },
  {
    key: 'outbox',
    path: 'outbox',
    group: 'system',
    icon: <MailOutlined />,
    endpoint: adminOutboxEndpoint,
    Page: page(() => import('@/features/outbox/outbox-page')),
  },
  {
    key: 'operators',
    path: 'operators',
    group: 'system',
    icon: <UserSwitchOutlined />,
    endpoint: adminOperatorsEndpoint,
    Page: page(() => import('@/features/operators/operators-page')),
  },
  {
    key: 'audit',
    path: 'audit',
    group: 'system',
    icon: <AuditOutlined />,
    endpoint: adminAuditEndpoint,
    Page: page(() => import('@/features/audit/audit-page')),
  },
  {
    key: 'account',
    path: 'account',
    group: null,
    icon: <SafetyOutlined />,
    endpoint: adminMeEndpoint,
    Page: page(() => import('@/features/account/account-page')),
  },
];

/**
 * A screen's name in the menu and the breadcrumb: `admin_app.menu.<key>`, or the screen's
 * own namespace for screens that keep their texts apart (the feeds, the history import, the
 * executions, the reports, the desk and the trading groups).
 */
export function screenLabel(t: TFunction, key: ScreenKey): string {
  // `if`s, not a switch: the lint wants a switch over ScreenKey to list every screen.
  if (key === 'feeds') return t('admin_feeds.menu');
  if (key === 'history') return t('history_import.menu');
  if (key === 'executions') return t('admin_execution.menu');
  if (key === 'reports') return t('admin_reports.menu');
  if (key === 'desk') return t('admin_desk.menu');
  if (key === 'groups') return t('admin_groups.menu');
  return t(`admin_app.menu.${key}`);
}

export const MENU_GROUPS: readonly MenuGroup[] = [
  'overview',
  'traders',
  'money',
  'market',
  'content',
  'configuration',
  'system',
];
