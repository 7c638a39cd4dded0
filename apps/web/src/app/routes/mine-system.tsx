import { useTranslation } from 'react-i18next';
import { PageNav } from '@/components/page-nav';
import { ROUTES, type RouteDef } from '@/config/routes';
import { SystemSettings } from '@/features/auth/components/system-settings';
import { TimeZoneSetting } from '@/features/preferences/components/time-zone-setting';
import { StatementEmails } from '@/features/statements/components/statement-emails';
import { OneTapSetting } from '@/features/trade/components/one-tap-setting';
import page from './page.module.css';

/**
 * /mine/system (login): settings — one-tap trading, the time zone, the statement e-mails —
 * and logout.
 */
export default function MineSystemPage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  return (
    <div className={page.page} data-testid="system-page">
      <PageNav title={t(route.title)} fallback={ROUTES.user.path} />
      <SystemSettings
        extra={
          <>
            <OneTapSetting />
            <TimeZoneSetting />
            <StatementEmails />
          </>
        }
      />
    </div>
  );
}
