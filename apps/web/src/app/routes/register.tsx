import { useTranslation } from 'react-i18next';
import { PageNav } from '@/components/page-nav';
import { AccessHero } from '@/features/auth/components/access-hero';
import { RegisterForm } from '@/features/auth/components/register-form';
import { LanguageSwitcher } from '@/features/language/components/language-switcher';
import styles from './access.module.css';
import page from './page.module.css';

/** /register (spec §2): a real account; ?invite_code= is filled in. */
export default function RegisterPage() {
  const { t } = useTranslation();
  return (
    <div className={page.page} data-testid="register-page">
      <PageNav
        title={null}
        right={
          <span className={styles.navEnd}>
            <LanguageSwitcher />
          </span>
        }
      />
      <div className={styles.body}>
        <AccessHero title={t('auth.register_title')} subtitle={t('access.register_subtitle')} />
        <RegisterForm />
      </div>
    </div>
  );
}
