import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageNav } from '@/components/page-nav';
import { ROUTES, type RouteDef } from '@/config/routes';
import { PasswordForm } from '@/features/auth/components/password-form';
import styles from './access.module.css';
import page from './page.module.css';

/** /mine/password (login): change the password with a code sent to the user. */
export default function MinePasswordPage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const back = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(ROUTES.user.path, { replace: true });
  };
  return (
    <div className={page.page} data-testid="password-page">
      <PageNav title={t(route.title)} fallback={ROUTES.user.path} />
      <div className={styles.inner}>
        <PasswordForm onDone={back} />
      </div>
    </div>
  );
}
