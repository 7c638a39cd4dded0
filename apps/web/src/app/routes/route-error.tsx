import { ExclamationCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { StatusView } from '@/components/status-view';

/**
 * Last line of defence: a page that throws while rendering (or a chunk that failed to
 * download after a deploy) gets a way out instead of a blank screen.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <StatusView
      icon={<ExclamationCircleOutline />}
      title={t('errors.internal')}
      action={{ label: t('common.retry'), onClick: () => window.location.reload() }}
    />
  );
}
