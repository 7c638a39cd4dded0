import { LANG_INFO } from '@pipwise/shared';
import { Popup } from 'antd-mobile';
import { CloseOutline, GlobalOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang } from '@/lib/i18n';
import { LanguageList } from './language-list';
import styles from './language-switcher.module.css';

/**
 * The header's language button: opens the 18 languages in a bottom sheet, so the choice
 * happens without leaving the markets. The choice is remembered (localStorage).
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const lang = currentLang();
  return (
    <>
      <button
        type="button"
        className={`${styles.trigger} ${className ?? ''}`}
        aria-label={t('home.language')}
        aria-haspopup="dialog"
        data-testid="language-switcher"
        onClick={() => setOpen(true)}
      >
        <GlobalOutline />
        <span className={styles.code}>{lang.toUpperCase()}</span>
      </button>
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        bodyClassName={styles.sheet}
        destroyOnClose
      >
        <div className={styles.header}>
          <div>
            <h2 className={styles.title}>{t('language.title')}</h2>
            <p className={styles.current}>
              {t('language.current')}: <span lang={LANG_INFO[lang].bcp47}>{LANG_INFO[lang].nativeName}</span>
            </p>
          </div>
          <button
            type="button"
            className={styles.close}
            aria-label={t('common.cancel')}
            onClick={() => setOpen(false)}
          >
            <CloseOutline />
          </button>
        </div>
        <div className={styles.scroll}>
          <LanguageList onChosen={() => setOpen(false)} />
        </div>
      </Popup>
    </>
  );
}
