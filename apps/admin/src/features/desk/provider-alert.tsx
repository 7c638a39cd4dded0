import type { DeskSnapshot } from '@pipwise/shared';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The executions list filtered to the fills the desk still has to offset (features/executions reads it). */
const OPEN_UNBOOKED_LIST = '/executions?state=unbooked&handled=0';

/**
 * What waits at the liquidity provider (docs/dealing-desk.md "At the provider"): covers not
 * filled yet and unbooked fills nobody has marked handled. Shown only while there is
 * something to act on; marking the last fill handled takes it away at the next push.
 */
export function ProviderAlert({ snapshot }: { snapshot: DeskSnapshot | undefined }) {
  const { t } = useTranslation();
  const work = snapshot?.provider;
  if (!work || (work.covers_waiting === 0 && work.unbooked_open === 0)) return null;
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
          {t('admin_desk.provider_unbooked_open', { count: work.unbooked_open })}
          {' · '}
          <Link to={OPEN_UNBOOKED_LIST}>{t('admin_desk.provider_open')}</Link>
        </span>
      }
    />
  );
}
