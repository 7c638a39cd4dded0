import { List, Toast } from 'antd-mobile';
import {
  ArrowDownCircleOutline,
  BankcardOutline,
  BellOutline,
  ClockCircleOutline,
  EditSOutline,
  FileOutline,
  GlobalOutline,
  HistogramOutline,
  LockOutline,
  MailOutline,
  MessageOutline,
  SetOutline,
  SoundOutline,
  UserAddOutline,
  UpCircleOutline,
  UserContactOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PasskeyIcon } from '@/components/passkey-icon';
import { ROUTES, type RouteId } from '@/config/routes';
import styles from './mine-links.module.css';

interface Link {
  id: RouteId;
  icon: ReactNode;
  /** A real-money feature: a demo user is asked to use a real account instead (docs/product.md §6). */
  realOnly?: boolean;
}

/**
 * The links of docs/product.md §2's mine page, grouped as a trader looks for them; first,
 * untitled, what the trader is told (docs/notifications.md): the inbox and the price alerts.
 */
const GROUPS: readonly {
  title: 'mine.group_funds' | 'mine.group_account' | 'mine.group_more' | null;
  links: Link[];
}[] = [
  {
    title: null,
    links: [
      { id: 'inbox', icon: <BellOutline /> },
      { id: 'alerts', icon: <ClockCircleOutline /> },
    ],
  },
  {
    title: 'mine.group_funds',
    links: [
      { id: 'charge', icon: <ArrowDownCircleOutline />, realOnly: true },
      { id: 'withdraw', icon: <UpCircleOutline />, realOnly: true },
      { id: 'wallet', icon: <BankcardOutline />, realOnly: true },
      { id: 'history', icon: <FileOutline /> },
    ],
  },
  {
    title: 'mine.group_account',
    links: [
      // Demo accounts see their demo group's conditions too.
      { id: 'conditions', icon: <HistogramOutline /> },
      { id: 'auth', icon: <UserContactOutline />, realOnly: true },
      { id: 'invite', icon: <UserAddOutline />, realOnly: true },
      { id: 'password', icon: <LockOutline />, realOnly: true },
      { id: 'passkeys', icon: <PasskeyIcon />, realOnly: true },
      { id: 'email', icon: <MailOutline /> },
    ],
  },
  {
    title: 'mine.group_more',
    links: [
      { id: 'chat', icon: <MessageOutline /> },
      { id: 'feedback', icon: <EditSOutline /> },
      { id: 'announcement', icon: <SoundOutline /> },
      { id: 'language', icon: <GlobalOutline /> },
      { id: 'system', icon: <SetOutline /> },
    ],
  },
];

interface Props {
  demo: boolean;
  onNavigate: (path: string) => void;
  /** Shown at a link's end, before its arrow (the inbox's unread count). */
  badges?: Partial<Record<RouteId, ReactNode>>;
}

export function MineLinks({ demo, onNavigate, badges = {} }: Props) {
  const { t } = useTranslation();
  const open = (link: Link) => {
    if (demo && link.realOnly) {
      Toast.show({ content: t('common.register_real_account') });
      return;
    }
    onNavigate(ROUTES[link.id].path);
  };
  return (
    <nav className={styles.links}>
      {GROUPS.map((group) => (
        <section key={group.title ?? 'notices'} className={styles.group}>
          {group.title ? <h3 className={styles.title}>{t(group.title)}</h3> : null}
          <List className={styles.list}>
            {group.links.map((link) => (
              <List.Item
                key={link.id}
                prefix={<span className={styles.icon}>{link.icon}</span>}
                extra={badges[link.id]}
                onClick={() => open(link)}
                arrowIcon
                data-testid="mine-link"
                data-route={ROUTES[link.id].path}
              >
                {t(ROUTES[link.id].title)}
              </List.Item>
            ))}
          </List>
        </section>
      ))}
    </nav>
  );
}
