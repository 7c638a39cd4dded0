import { useTranslation } from 'react-i18next';
import { PageNav } from '@/components/page-nav';
import { ROUTES, type RouteDef } from '@/config/routes';
import { InboxSettings } from '@/features/inbox/components/inbox-settings';
import page from './page.module.css';

/**
 * /inbox/settings (login): which kinds of notice the inbox keeps, the margin warning
 * levels, and push notifications on this device. Loaded on demand, with its push code.
 */
export default function InboxSettingsPage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  return (
    <div className={page.page} data-testid="inbox-settings-page">
      <PageNav title={t(route.title)} fallback={ROUTES.inbox.path} />
      <InboxSettings />
    </div>
  );
}
