import { DownOutlined, LogoutOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { adminMeEndpoint, firstUsePending } from '@pipwise/shared';
import {
  Avatar,
  Breadcrumb,
  Button,
  Dropdown,
  Flex,
  Grid,
  Layout as AntLayout,
  Menu,
  Tag,
  type MenuProps,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { LanguageSelect } from '@/components/language-select';
import { BooksBanner } from '@/features/books/books-banner';
import { mayCall } from '@/lib/access';
import { logOut } from '@/lib/logout';
import { useApiQuery } from '@/lib/query';
import { updateOperator, useSession } from '@/lib/session';
import { MENU_GROUPS, SCREENS, screenLabel, type Screen } from './screens';

const SIDER_WIDTH = 232;

/** Which screen a location shows, by its first path segment. */
function screenOf(pathname: string): Screen {
  const first = pathname.split('/').filter(Boolean)[0] ?? '';
  return SCREENS.find((s) => s.path === first) ?? SCREENS[0]!;
}

/**
 * The frame of every screen once logged in: the menu of what the operator's role may use,
 * the header with the language and the operator's menu. Without a session it shows the
 * login page; an operator who has not finished their first use (a password to replace,
 * two-factor to turn on) gets the first-use screen instead, without any menu.
 */
export function Layout() {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [collapsed, setCollapsed] = useState(false);
  // On a phone the menu folds to its icons and the header keeps only what fits (390 px).
  const narrow = Grid.useBreakpoint().md === false;
  const operator = session?.operator;

  // The profile as the server has it now (a role changed by another admin, two-factor).
  const me = useApiQuery(adminMeEndpoint, {}, { enabled: !!session, refetchInterval: 60_000 });
  useEffect(() => {
    if (me.data) updateOperator(me.data);
  }, [me.data]);

  const items = useMemo<MenuProps['items']>(() => {
    if (!operator) return [];
    return MENU_GROUPS.flatMap((group) => {
      const children = SCREENS.filter((s) => s.group === group && mayCall(operator, s.endpoint)).map((s) => ({
        key: s.key,
        icon: s.icon,
        label: screenLabel(t, s.key),
        'data-testid': `menu-${s.key}`,
        onClick: () => void navigate(`/${s.path}`),
      }));
      if (children.length === 0) return [];
      return [{ type: 'group' as const, key: group, label: t(`admin_app.menu_group.${group}`), children }];
    });
  }, [operator, t, navigate]);

  if (!session || !operator) {
    const from = location.pathname + location.search;
    return <Navigate to={from === '/' ? '/login' : `/login?from=${encodeURIComponent(from)}`} replace />;
  }
  if (firstUsePending(operator)) {
    const from = location.pathname + location.search;
    return <Navigate to={from === '/' ? '/setup' : `/setup?from=${encodeURIComponent(from)}`} replace />;
  }
  const screen = screenOf(location.pathname);
  const current = screen.key;

  const logout = async () => {
    await logOut();
    await navigate('/login', { replace: true });
  };

  const accountMenu: MenuProps['items'] = [
    {
      key: 'account',
      icon: <SafetyOutlined />,
      label: t('admin_app.menu.account'),
      onClick: () => void navigate('/account'),
    },
    { type: 'divider' },
    {
      key: 'logout',
      icon: <LogoutOutlined />,
      label: t('admin_app.auth.logout'),
      onClick: () => void logout(),
      danger: true,
    },
  ];

  return (
    <AntLayout style={{ minHeight: '100%' }}>
      <AntLayout.Sider
        width={SIDER_WIDTH}
        collapsible
        collapsed={collapsed}
        onCollapse={setCollapsed}
        breakpoint="md"
        onBreakpoint={setCollapsed}
        trigger={null}
        style={{ position: 'sticky', top: 0, height: '100vh', overflow: 'auto' }}
      >
        <button
          type="button"
          className="admin-brand"
          onClick={() => setCollapsed((c) => !c)}
          title={t(collapsed ? 'admin_app.common.expand_menu' : 'admin_app.common.collapse_menu')}
        >
          <img src="/favicon.svg" alt="" />
          {collapsed ? null : <span>{t('admin_app.brand')}</span>}
        </button>
        <Menu theme="dark" mode="inline" selectedKeys={[current]} items={items} data-testid="admin-menu" />
      </AntLayout.Sider>
      <AntLayout>
        <AntLayout.Header
          style={{
            background: '#fff',
            paddingInline: narrow ? 12 : 24,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            borderBottom: '1px solid #f0f0f0',
            position: 'sticky',
            top: 0,
            zIndex: 10,
          }}
        >
          {narrow ? (
            <span />
          ) : (
            <Breadcrumb
              items={[
                ...(screen.group ? [{ title: t(`admin_app.menu_group.${screen.group}`) }] : []),
                { title: screenLabel(t, screen.key) },
              ]}
            />
          )}
          <Flex gap={narrow ? 8 : 16} align="center">
            <LanguageSelect />
            <Dropdown menu={{ items: accountMenu }} trigger={['click']}>
              <Button type="text" data-testid="operator-menu" style={{ height: 40 }}>
                <Flex gap={8} align="center">
                  <Avatar size="small" icon={<UserOutlined />} />
                  {narrow ? null : <span>{operator.name || operator.email}</span>}
                  {narrow ? null : (
                    <Tag color="blue" style={{ marginInlineEnd: 0 }}>
                      {t(`admin_app.role.${operator.role}`)}
                    </Tag>
                  )}
                  <DownOutlined style={{ fontSize: 10 }} />
                </Flex>
              </Button>
            </Dropdown>
          </Flex>
        </AntLayout.Header>
        <AntLayout.Content style={{ padding: narrow ? 12 : 24, minWidth: 0 }}>
          <BooksBanner operator={operator} narrow={narrow} />
          <Outlet />
        </AntLayout.Content>
      </AntLayout>
    </AntLayout>
  );
}
