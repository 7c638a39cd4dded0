import { useTranslation } from 'react-i18next';
import { LoginForm } from '@/features/auth/components/login-form';
import { LanguageSwitcher } from '@/features/language/components/language-switcher';
import { AccessPage } from './access-page';

/** /login (docs/product.md §2): e-mail or phone login, demo account, links to register and reset. */
export default function LoginPage() {
  const { t } = useTranslation();
  return (
    <AccessPage
      testId="login-page"
      title={t('auth.login_title')}
      subtitle={t('auth.login_subtitle')}
      navEnd={<LanguageSwitcher />}
    >
      <LoginForm />
    </AccessPage>
  );
}
