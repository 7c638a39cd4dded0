import { useTranslation } from 'react-i18next';
import { PageNav } from '@/components/page-nav';
import { RealAccountGate } from '@/components/real-account-gate';
import { ROUTES, type RouteDef } from '@/config/routes';
import { PasskeyList } from '@/features/passkeys/components/passkey-list';
import page from './page.module.css';

/** /mine/passkeys (login, real accounts): the trader's passkeys (docs/passkeys.md). */
export default function PasskeysPage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  return (
    <div className={page.page} data-testid="passkeys-page">
      <PageNav title={t(route.title)} fallback={ROUTES.user.path} />
      <RealAccountGate>
        <PasskeyList />
      </RealAccountGate>
    </div>
  );
}
