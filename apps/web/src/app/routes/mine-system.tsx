import { useTranslation } from 'react-i18next';
import { PageNav } from '@/components/page-nav';
import { ROUTES, type RouteDef } from '@/config/routes';
import { SystemSettings } from '@/features/auth/components/system-settings';
import { StatementEmails } from '@/features/statements/components/statement-emails';
import page from './page.module.css';

/** /mine/system (login): settings, the statement e-mails, and logout. */
export default function MineSystemPage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  return (
    <div className={page.page} data-testid="system-page">
      <PageNav title={t(route.title)} fallback={ROUTES.user.path} />
      <SystemSettings extra={<StatementEmails />} />
    </div>
  );
}
