import { LeftOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import styles from './page-nav.module.css';

interface Props {
  title: ReactNode;
  right?: ReactNode;
  /** Shown at the start on pages without a back button (tab roots). */
  start?: ReactNode;
  /** Show the back button (off on tab roots). */
  backable?: boolean;
  /** Where "back" goes when the page was opened directly (no history in this tab). */
  fallback?: string;
}

/**
 * The top bar of inner pages: back, title, optional action. Its own markup rather than
 * antd-mobile's NavBar, whose start area is always a role="button" holding our back button
 * (an interactive control inside another: docs/accessibility.md).
 */
export function PageNav({ title, right, start, backable = true, fallback = '/' }: Props) {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const back = () => {
    // history.state.idx is react-router's position in this tab's history.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(fallback, { replace: true });
  };
  const left = backable ? (
    <button
      type="button"
      className={styles.back}
      aria-label={t('common.back')}
      onClick={back}
      data-testid="nav-back"
    >
      <LeftOutline aria-hidden />
    </button>
  ) : (
    (start ?? null)
  );
  return (
    <header className={styles.bar}>
      <div className={styles.row}>
        <div className={styles.start}>{left}</div>
        <div className={styles.title}>{title}</div>
        <div className={styles.end}>{right}</div>
      </div>
    </header>
  );
}
