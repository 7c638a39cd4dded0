import { UserContactOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '@/lib/use-session';
import { StatusView } from './status-view';

/**
 * Real-money pages (deposit, withdraw, wallet, identity, invite): a demo user sees the
 * spec's "please register or log in to a real account" (§6, §8) instead of the screen.
 * The server refuses the calls too (code 2003); this saves the trader the failed calls.
 */
export function RealAccountGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const demo = useSession()?.user?.is_demo === 1;
  if (!demo) return children;
  return (
    <StatusView
      fill
      testId="real-account-only"
      icon={<UserContactOutline />}
      title={t('common.register_real_account')}
      action={{ label: t('auth.to_register'), onClick: () => void navigate('/register') }}
    />
  );
}
