import type { DeskSnapshot } from '@pipwise/shared';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * What waits at the liquidity provider (docs/dealing-desk.md "At the provider"): covers not
 * filled yet and fills not on the books. Shown only while there is something to act on.
 */
export function ProviderAlert({ snapshot }: { snapshot: DeskSnapshot | undefined }) {
  const { t } = useTranslation();
  const work = snapshot?.provider;
  if (!work || (work.covers_waiting === 0 && work.unbooked_24h === 0)) return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="desk-provider"
      title={t('admin_desk.provider_title')}
      description={
        <span>
          {t('admin_desk.provider_covers', { count: work.covers_waiting })}
          {' · '}
          {t('admin_desk.provider_unbooked', { count: work.unbooked_24h })}
          {' · '}
          <Link to="/executions">{t('admin_desk.provider_open')}</Link>
        </span>
      }
    />
  );
}
