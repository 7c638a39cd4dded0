import { List } from 'antd-mobile';
import {
  AddCircleOutline,
  ArrowDownCircleOutline,
  BankcardOutline,
  UpCircleOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '@/config/routes';
import { useDrawMethods } from '../api/get-draw-methods';
import { withdrawWayPath } from './withdraw-form';
import menu from './wallet-menu.module.css';

interface Entry {
  key: string;
  icon: ReactNode;
  label: string;
  extra?: ReactNode;
  path: string;
}

/** /mine/wallet: the bound accounts by kind, adding one, and the deposit and withdraw pages. */
export function WalletMenu({ onNavigate }: { onNavigate: (path: string) => void }) {
  const { t } = useTranslation();
  const coins = useDrawMethods(1);
  const banks = useDrawMethods(2);
  const count = (n: number | undefined) =>
    n === undefined ? null : (
      <span className={`${menu.count} pw-num`} data-testid="wallet-count">
        {n}
      </span>
    );
  const groups: { title: string; entries: Entry[] }[] = [
    {
      title: t('funds.payout_accounts'),
      entries: [
        {
          key: 'coins',
          icon: <CoinIcon />,
          label: t('route.coin_address_list'),
          extra: count(coins.data?.length),
          path: ROUTES.coinAddressList.path,
        },
        {
          key: 'banks',
          icon: <BankcardOutline />,
          label: t('route.bank_card_list'),
          extra: count(banks.data?.length),
          path: ROUTES.bankCardList.path,
        },
        {
          key: 'add-coin',
          icon: <AddCircleOutline />,
          label: t('funds.add_address'),
          path: withdrawWayPath(1),
        },
        { key: 'add-bank', icon: <AddCircleOutline />, label: t('funds.add_bank'), path: withdrawWayPath(2) },
      ],
    },
    {
      title: t('mine.group_funds'),
      entries: [
        {
          key: 'charge',
          icon: <ArrowDownCircleOutline />,
          label: t('route.charge'),
          path: ROUTES.charge.path,
        },
        {
          key: 'withdraw',
          icon: <UpCircleOutline />,
          label: t('route.withdraw'),
          path: ROUTES.withdraw.path,
        },
      ],
    },
  ];
  return (
    <nav className={menu.menu} data-testid="wallet-menu">
      {groups.map((group) => (
        <section key={group.title} className={menu.group}>
          <h2 className={menu.title}>{group.title}</h2>
          <List className={menu.list}>
            {group.entries.map((entry) => (
              <List.Item
                key={entry.key}
                prefix={<span className={menu.icon}>{entry.icon}</span>}
                extra={entry.extra}
                arrowIcon
                data-testid="wallet-link"
                data-path={entry.path}
                onClick={() => onNavigate(entry.path)}
              >
                {entry.label}
              </List.Item>
            ))}
          </List>
        </section>
      ))}
    </nav>
  );
}

/** A coin with a "₮"-like bar, drawn to sit with antd-mobile-icons' outline set. */
function CoinIcon() {
  return (
    <svg
      width="1em"
      height="1em"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      aria-hidden
    >
      <circle cx="12" cy="12" r="8.5" />
      <path d="M8.5 8.5h7M12 8.5v8" strokeLinecap="round" />
    </svg>
  );
}
