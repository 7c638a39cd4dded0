import { LANG_INFO } from '@pipwise/shared';
import { GlobalOutline, InformationCircleOutline, RightOutline, UserOutline } from 'antd-mobile-icons';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { confirmDialog } from '@/components/dialog-focus';
import { APP_VERSION } from '@/config/app-version';
import { ROUTES } from '@/config/routes';
import { currentLang } from '@/lib/i18n';
import type { SessionUser } from '@/lib/session';
import { useSession } from '@/lib/use-session';
import { useLogout } from '../hooks/use-logout';
import styles from './settings.module.css';

/**
 * /mine/system (docs/product.md §2): who is logged in, language, version, and logout with a confirm.
 * `extra`: groups of other features, shown above logout (the statement e-mails).
 */
export function SystemSettings({ extra }: { extra?: ReactNode } = {}) {
  const { t } = useTranslation();
  const session = useSession();
  const lang = currentLang();
  const [leaving, setLeaving] = useState(false);
  const logout = useLogout();

  const confirmLogout = async () => {
    const yes = await confirmDialog({
      label: t('system.logout_confirm'),
      content: <p className={styles.confirmText}>{t('system.logout_confirm')}</p>,
      cancelText: <span data-testid="logout-cancel">{t('common.cancel')}</span>,
      confirmText: <span data-testid="logout-confirm">{t('system.logout')}</span>,
      danger: true,
      closeOnMaskClick: true,
    });
    if (!yes) return;
    setLeaving(true);
    try {
      await logout();
    } finally {
      setLeaving(false);
    }
  };

  return (
    <div className={styles.section} data-testid="system-settings">
      {session?.user ? <AccountCard user={session.user} /> : null}

      <ul className={styles.group}>
        <li>
          <Link to={ROUTES.language.path} className={styles.row} data-testid="system-language">
            <span className={styles.rowIcon} aria-hidden>
              <GlobalOutline />
            </span>
            <span className={styles.rowLabel}>{t('system.language')}</span>
            <span className={styles.rowValue} lang={LANG_INFO[lang].bcp47}>
              {LANG_INFO[lang].nativeName}
            </span>
            <RightOutline className={styles.chevron} aria-hidden />
          </Link>
        </li>
        <li className={styles.row}>
          <span className={styles.rowIcon} aria-hidden>
            <InformationCircleOutline />
          </span>
          <span className={styles.rowLabel}>{t('system.version')}</span>
          <span className={`${styles.rowValue} pw-num`} data-testid="system-version">
            {APP_VERSION}
          </span>
        </li>
      </ul>

      {extra}

      <Button
        block
        fill="outline"
        color="danger"
        className={styles.logout}
        loading={leaving}
        onClick={() => void confirmLogout()}
        data-testid="logout"
      >
        {t('system.logout')}
      </Button>
    </div>
  );
}

function AccountCard({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const demo = user.is_demo === 1;
  const text = (v: unknown) => (typeof v === 'string' && v ? v : null);
  const phone =
    text(user.area_code) && text(user.mobile) ? `${text(user.area_code)} ${text(user.mobile)}` : null;
  const name = user.email ?? phone;
  return (
    <div className={styles.account} data-testid="system-account">
      <span className={styles.avatar} aria-hidden>
        <UserOutline />
      </span>
      <span className={styles.accountText}>
        <span className={styles.accountTop}>
          <span className={styles.accountLabel}>{t('access.signed_in_as')}</span>
          <span className={`${styles.badge} ${demo ? styles.badgeDemo : ''}`} data-testid="account-kind">
            {demo ? t('auth.demo_account') : t('auth.real_account')}
          </span>
        </span>
        <span className={styles.accountName}>
          {name ? <bdi dir="ltr">{name}</bdi> : t('auth.demo_account')}
        </span>
        {user.uid ? (
          <span className={styles.uid}>
            {t('auth.uid')} <span className="pw-num">{user.uid}</span>
          </span>
        ) : null}
      </span>
    </div>
  );
}
