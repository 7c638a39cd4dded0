import { QuestionCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageNav } from '@/components/page-nav';
import { StatusView } from '@/components/status-view';
import { ROUTES } from '@/config/routes';
import styles from './page.module.css';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className={styles.page} data-testid="not-found">
      <PageNav title={t('common.app_name')} />
      <StatusView
        fill
        icon={<QuestionCircleOutline />}
        title={t('common.page_not_found')}
        action={{
          label: t('common.back_home'),
          onClick: () => void navigate(ROUTES.home.path, { replace: true }),
        }}
      />
    </div>
  );
}
