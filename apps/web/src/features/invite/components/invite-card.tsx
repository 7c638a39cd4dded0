import { ExclamationCircleOutline, TeamOutline } from 'antd-mobile-icons';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/copy-button';
import { StatusView } from '@/components/status-view';
import { useInviteInfo } from '../api/get-invite-info';
import { inviteLink } from '../utils/invite-link';
import styles from './invite-card.module.css';

/** Spec §9: the invite QR is level H, 160 px. */
const QR_SIZE = 160;

/**
 * /mine/invite (docs/product.md §2): the trader's invite code, how many registered with it, the link
 * to share (copy) and the same link as a QR code to scan.
 */
export function InviteCard({ origin }: { origin: string }) {
  const { t } = useTranslation();
  const info = useInviteInfo();
  if (info.isPending) return <div className={styles.skeleton} aria-busy="true" />;
  if (info.isError) {
    return (
      <StatusView
        icon={<ExclamationCircleOutline />}
        title={t('mine.load_failed')}
        action={{ label: t('common.retry'), onClick: () => void info.refetch() }}
      />
    );
  }
  const { invite_code: code, invited_count: count } = info.data;
  const link = inviteLink(origin, code);
  return (
    <div className={styles.stack} data-testid="invite-card">
      <section className={styles.hero}>
        <p className={styles.lead}>{t('invite.lead')}</p>
        <div className={styles.codeBlock}>
          <span className={styles.label}>{t('invite.your_code')}</span>
          <div className={styles.codeLine}>
            <span className={styles.code} data-testid="invite-code">
              {code}
            </span>
            <CopyButton text={code} label={t('invite.copy_code')} testId="copy-code" variant="icon" />
          </div>
        </div>
        <div className={styles.count}>
          <TeamOutline aria-hidden />
          <span>{t('invite.invited')}</span>
          {/* The push to the end sits outside the number: .pw-num is left to right, and its own
              margins would follow that direction in Arabic. */}
          <span className={styles.countValue}>
            <span className="pw-num" data-testid="invited-count">
              {count}
            </span>
          </span>
        </div>
      </section>

      <section className={styles.share}>
        <div className={styles.qr} data-testid="invite-qr">
          <QRCodeSVG value={link} size={QR_SIZE} level="H" marginSize={2} title={t('invite.qr_title')} />
        </div>
        <p className={styles.scan}>{t('invite.scan_hint')}</p>
        <div className={styles.linkBox}>
          <span className={styles.link} data-testid="invite-link">
            {link}
          </span>
        </div>
        <CopyButton text={link} caption={t('invite.copy_link')} variant="block" testId="copy-link" />
      </section>
    </div>
  );
}
