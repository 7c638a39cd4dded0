import { useTranslation } from 'react-i18next';
import { RegisterForm } from '@/features/auth/components/register-form';
import { LanguageSwitcher } from '@/features/language/components/language-switcher';
import { AccessPage } from './access-page';

/** /register (docs/product.md §2): a real account; ?invite_code= is filled in. */
export default function RegisterPage() {
  const { t } = useTranslation();
  return (
    <AccessPage
      testId="register-page"
      title={t('auth.register_title')}
      subtitle={t('access.register_subtitle')}
      navEnd={<LanguageSwitcher />}
    >
      <RegisterForm />
    </AccessPage>
  );
}
