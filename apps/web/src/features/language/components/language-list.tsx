import { LANG_INFO, LANGS, type Lang } from '@pipwise/shared';
import { CheckOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang, setLanguage } from '@/lib/i18n';
import styles from './language-list.module.css';

interface Props {
  /** Called after the language has switched (to close a popup or go back). */
  onChosen?: (lang: Lang) => void;
}

/** The 18 languages, each in its own name and script (docs/product.md §3). */
export function LanguageList({ onChosen }: Props) {
  // Re-render when the language changes elsewhere.
  useTranslation();
  const active = currentLang();
  const [busy, setBusy] = useState<Lang | null>(null);
  const selectedRef = useRef<HTMLButtonElement>(null);

  // Open on the current language: Arabic or Czech sit below the fold of a phone sheet.
  useEffect(() => {
    selectedRef.current?.scrollIntoView({ block: 'nearest' });
  }, []);

  const choose = async (lang: Lang) => {
    if (busy) return;
    if (lang === active) {
      onChosen?.(lang);
      return;
    }
    setBusy(lang);
    try {
      await setLanguage(lang);
      onChosen?.(lang);
    } finally {
      setBusy(null);
    }
  };

  return (
    <ul className={styles.list} data-testid="language-list">
      {LANGS.map((lang) => {
        const info = LANG_INFO[lang];
        const selected = lang === active;
        return (
          <li key={lang}>
            <button
              type="button"
              className={`${styles.item} ${selected ? styles.selected : ''}`}
              aria-pressed={selected}
              ref={selected ? selectedRef : undefined}
              data-testid="language-option"
              data-lang={lang}
              onClick={() => void choose(lang)}
            >
              <span lang={info.bcp47} dir={info.dir} className={styles.name}>
                {info.nativeName}
              </span>
              <span className={styles.code}>{lang.toUpperCase()}</span>
              <span className={styles.check} aria-hidden>
                {selected ? <CheckOutline /> : null}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
