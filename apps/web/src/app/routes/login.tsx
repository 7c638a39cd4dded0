import { useTranslation } from 'react-i18next';
import { PageNav } from '@/components/page-nav';
import { AccessHero } from '@/features/auth/components/access-hero';
import { LoginForm } from '@/features/auth/components/login-form';
import { LanguageSwitcher } from '@/features/language/components/language-switcher';
import styles from './access.module.css';
import page from './page.module.css';

/** /login (spec §2): e-mail or phone login, demo account, links to register and reset. */
export default function LoginPage() {
  const { t } = useTranslation();
  return (
    <div className={page.page} data-testid="login-page">
      <PageNav
        title={null}
        right={
          <span className={styles.navEnd}>
            <LanguageSwitcher />
          </span>
        }
      />
      <div className={styles.body}>
        <AccessHero title={t('auth.login_title')} subtitle={t('auth.login_subtitle')} />
        <LoginForm />
      </div>
    </div>
  );
}
