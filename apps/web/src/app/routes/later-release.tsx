import { ClockCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageNav } from '@/components/page-nav';
import { StatusView } from '@/components/status-view';
import { ROUTES, type RouteDef } from '@/config/routes';
import styles from './page.module.css';

/** Placeholder for every spec route that is not built yet: says so, and leads back. */
export default function LaterReleasePage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className={styles.page} data-testid="later-release" data-route={route.path}>
      {/* Tab destinations are roots: no back arrow, the tab bar is the way around. */}
      <PageNav title={t(route.title)} backable={!route.showFooter} />
      <StatusView
        fill
        icon={<ClockCircleOutline />}
        title={t('common.later_release_title')}
        description={t('common.later_release_desc')}
        action={{ label: t('common.back_home'), onClick: () => void navigate(ROUTES.home.path) }}
      />
    </div>
  );
}
