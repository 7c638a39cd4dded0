import { NavBar } from 'antd-mobile';
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

/** The top bar of inner pages: back, title, optional action. */
export function PageNav({ title, right, start, backable = true, fallback = '/' }: Props) {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const back = () => {
    // history.state.idx is react-router's position in this tab's history.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(fallback, { replace: true });
  };
  // antd-mobile's own back area has no accessible name: a labelled button replaces it.
  const left = backable ? (
    <button
      type="button"
      className={styles.back}
      aria-label={t('common.back')}
      onClick={back}
      data-testid="nav-back"
    >
      <LeftOutline />
    </button>
  ) : (
    (start ?? null)
  );
  return (
    <header className={styles.bar}>
      <NavBar back={null} left={left} right={right}>
        {title}
      </NavBar>
    </header>
  );
}
