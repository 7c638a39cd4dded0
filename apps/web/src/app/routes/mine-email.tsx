import { useTranslation } from 'react-i18next';
import { PageNav } from '@/components/page-nav';
import { ROUTES, type RouteDef } from '@/config/routes';
import { EmailCard } from '@/features/auth/components/email-card';
import page from './page.module.css';

/** /mine/email (login): the bound e-mail. */
export default function MineEmailPage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  return (
    <div className={page.page} data-testid="email-page">
      <PageNav title={t(route.title)} fallback={ROUTES.user.path} />
      <EmailCard />
    </div>
  );
}
