import { useTranslation } from 'react-i18next';
import { PageNav } from '@/components/page-nav';
import { ROUTES, type RouteDef } from '@/config/routes';
import { ChatView } from '@/features/support/components/chat-view';
import styles from './mine-chat.module.css';

/** /mine/chat (docs/product.md §2, login): customer service. */
export default function ChatPage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  return (
    <div className={styles.page} data-testid="chat-page">
      <PageNav title={t(route.title)} fallback={ROUTES.user.path} />
      <ChatView />
    </div>
  );
}
