import { Button, Dialog } from 'antd-mobile';
import { ExclamationCircleOutline, MessageOutline } from 'antd-mobile-icons';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DialogFocus } from '@/components/dialog-focus';
import { StatusView } from '@/components/status-view';
import { ROUTES } from '@/config/routes';
import { useServiceSettings } from '../api/get-service-settings';
import { chatModeOf } from '../lib/chat-mode';
import { ServiceLinkBox, ServiceLinkCard } from './service-link-card';
import { SupportEmail } from './support-email';
import styles from './chat-view.module.css';

/**
 * /mine/chat: customer service as the operators set it up (lib/chat-mode.ts) — the link in
 * a dialog with copy, a redirect out, or the service page in a sandboxed frame — with the
 * support e-mail when one is configured.
 */
export function ChatView() {
  const { t } = useTranslation();
  const settings = useServiceSettings();
  const mode = useMemo(
    () =>
      settings.data
        ? chatModeOf(settings.data.service_link, settings.data.service_link_type, window.location.origin)
        : null,
    [settings.data],
  );
  const [dialogOpen, setDialogOpen] = useState(true);
  const redirectUrl = mode?.kind === 'redirect' ? mode.url : null;

  useEffect(() => {
    // Type 3 leaves the app for the service page (docs/product.md §3 "external redirect").
    if (redirectUrl) window.location.assign(redirectUrl);
  }, [redirectUrl]);

  if (settings.isPending)
    return <div className={styles.pending} aria-busy="true" data-testid="chat-loading" />;
  if (settings.isError || !mode) {
    return (
      <StatusView
        icon={<ExclamationCircleOutline />}
        title={t('content.load_failed')}
        action={{ label: t('common.retry'), onClick: () => void settings.refetch() }}
      />
    );
  }

  switch (mode.kind) {
    case 'frame':
      return (
        <div className={styles.frameWrap} data-testid="chat-frame-view">
          <iframe
            className={styles.frame}
            src={mode.url}
            sandbox={mode.sandbox}
            referrerPolicy="no-referrer"
            allow="clipboard-write"
            title={t('content.chat_frame_title')}
            data-testid="chat-frame"
          />
          <SupportEmail compact />
        </div>
      );
    case 'redirect':
      return (
        <div data-testid="chat-redirect">
          <StatusView
            icon={<MessageOutline />}
            title={t('content.chat_redirecting')}
            action={{ label: t('content.chat_open_link'), onClick: () => window.location.assign(mode.url) }}
          />
          <SupportEmail />
        </div>
      );
    case 'dialog': {
      const open = () => {
        window.open(mode.url, '_blank', 'noopener,noreferrer');
      };
      return (
        <div className={styles.stack} data-testid="chat-dialog-view">
          <ServiceLinkCard url={mode.url} onOpen={open} />
          <SupportEmail />
          <FeedbackLink />
          <Dialog
            visible={dialogOpen}
            title={t('content.chat_link_title')}
            content={
              <DialogFocus
                label={t('content.chat_link_title')}
                open={dialogOpen}
                onEscape={() => setDialogOpen(false)}
              >
                <div className={styles.dialogBody} data-testid="chat-dialog">
                  <p className={styles.dialogText}>{t('content.chat_link_desc')}</p>
                  <ServiceLinkBox url={mode.url} testId="dialog-service-link" />
                </div>
              </DialogFocus>
            }
            closeOnAction
            onClose={() => setDialogOpen(false)}
            actions={[
              [
                { key: 'close', text: t('common.cancel') },
                { key: 'open', text: t('content.chat_open_link'), bold: true, onClick: open },
              ],
            ]}
          />
        </div>
      );
    }
    case 'none':
      return (
        <div className={styles.stack} data-testid="chat-unavailable">
          <StatusView
            icon={<MessageOutline />}
            title={t('content.chat_unavailable_title')}
            description={t('content.chat_unavailable_desc')}
          />
          <SupportEmail />
          <FeedbackLink />
        </div>
      );
  }
}

function FeedbackLink() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className={styles.feedback}>
      <Button
        block
        color="primary"
        fill="outline"
        shape="rounded"
        className={styles.feedbackButton}
        onClick={() => void navigate(ROUTES.feedback.path)}
        data-testid="chat-feedback-link"
      >
        {t('content.send_feedback')}
      </Button>
    </div>
  );
}
