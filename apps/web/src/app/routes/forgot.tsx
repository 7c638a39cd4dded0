import { useTranslation } from 'react-i18next';
import { ForgotForm } from '@/features/auth/components/forgot-form';
import { AccessPage } from './access-page';

/** /forgot (docs/product.md §2): reset the password with a code. */
export default function ForgotPage() {
  const { t } = useTranslation();
  return (
    <AccessPage
      testId="forgot-page"
      title={t('auth.forgot_title')}
      subtitle={t('access.forgot_subtitle')}
      fallback="/login"
    >
      <ForgotForm />
    </AccessPage>
  );
}
