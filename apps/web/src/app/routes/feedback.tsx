import { UserOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageNav } from '@/components/page-nav';
import { StatusView } from '@/components/status-view';
import { ROUTES, type RouteDef } from '@/config/routes';
import { FeedbackForm } from '@/features/feedback/components/feedback-form';
import { FeedbackThanks } from '@/features/feedback/components/feedback-thanks';
import { loginPath } from '@/lib/navigation';
import { useSession } from '@/lib/use-session';
import styles from './page.module.css';

/**
 * /feedback (docs/product.md §2 has a stub): a short form for the support queue. Anyone may open the
 * page; sending needs a login, so the support team can answer.
 */
export default function FeedbackPage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  // Each sent feedback starts a fresh form (the key remounts it).
  const [sent, setSent] = useState(0);
  const [showThanks, setShowThanks] = useState(false);

  let body;
  if (!session) {
    body = (
      <StatusView
        fill
        testId="feedback-login"
        icon={<UserOutline />}
        title={t('content.feedback_login_title')}
        description={t('content.feedback_login_desc')}
        action={{
          label: t('content.feedback_login'),
          onClick: () => void navigate(loginPath(ROUTES.feedback.path)),
        }}
      />
    );
  } else if (showThanks) {
    body = (
      <FeedbackThanks
        onAnother={() => setShowThanks(false)}
        onDone={() => void navigate(ROUTES.user.path, { replace: true })}
      />
    );
  } else {
    body = (
      <FeedbackForm
        key={sent}
        demo={session.user?.is_demo === 1}
        onSent={() => {
          setSent((n) => n + 1);
          setShowThanks(true);
        }}
      />
    );
  }
  return (
    <div className={styles.page} data-testid="feedback-page">
      <PageNav title={t(route.title)} fallback={ROUTES.user.path} />
      {body}
    </div>
  );
}
