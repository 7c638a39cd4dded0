import { GlobalOutline } from 'antd-mobile-icons';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang } from '@/lib/i18n';
import styles from './language-switcher.module.css';

const LanguageSheet = lazy(() => import('./language-sheet'));

/**
 * The header's language button: opens the 18 languages in a bottom sheet, so the choice
 * happens without leaving the markets. The choice is remembered (localStorage).
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // The sheet's chunk loads on the first tap; afterwards it stays mounted to animate.
  const [wanted, setWanted] = useState(false);
  const lang = currentLang();
  return (
    <>
      <button
        type="button"
        className={`${styles.trigger} ${className ?? ''}`}
        aria-haspopup="dialog"
        data-testid="language-switcher"
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        {/* Named "Language EN": the word for screen readers, then the code it shows. */}
        <span className="pw-sr-only">{t('home.language')} </span>
        <GlobalOutline aria-hidden />
        <span className={styles.code}>{lang.toUpperCase()}</span>
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <LanguageSheet open={open} lang={lang} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
