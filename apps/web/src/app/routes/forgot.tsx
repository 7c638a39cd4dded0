import { useTranslation } from 'react-i18next';
import { PageNav } from '@/components/page-nav';
import { AccessHero } from '@/features/auth/components/access-hero';
import { ForgotForm } from '@/features/auth/components/forgot-form';
import styles from './access.module.css';
import page from './page.module.css';

/** /forgot (spec §2): reset the password with a code. */
export default function ForgotPage() {
  const { t } = useTranslation();
  return (
    <div className={page.page} data-testid="forgot-page">
      <PageNav title={null} fallback="/login" />
      <div className={styles.body}>
        <AccessHero title={t('auth.forgot_title')} subtitle={t('access.forgot_subtitle')} />
        <ForgotForm />
      </div>
    </div>
  );
}
