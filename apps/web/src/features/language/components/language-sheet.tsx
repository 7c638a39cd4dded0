import { LANG_INFO, type Lang } from '@pipwise/shared';
import { useTranslation } from 'react-i18next';
import { BottomSheet, SheetClose, SheetTitle } from '@/components/bottom-sheet';
import { LanguageList } from './language-list';
import styles from './language-switcher.module.css';

interface Props {
  open: boolean;
  lang: Lang;
  onClose: () => void;
}

/**
 * The bottom sheet of the 18 languages (a dialog: components/bottom-sheet.tsx). Its own chunk, loaded on the first tap of the
 * header's language button: the sheet brings antd-mobile's Popup and its animation
 * runtime, which the first screen does not need.
 */
export default function LanguageSheet({ open, lang, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <BottomSheet open={open} onClose={onClose} bodyClassName={styles.sheet}>
      <div className={styles.header}>
        <div>
          <SheetTitle className={styles.title}>{t('language.title')}</SheetTitle>
          <p className={styles.current}>
            {t('language.current')}: <span lang={LANG_INFO[lang].bcp47}>{LANG_INFO[lang].nativeName}</span>
          </p>
        </div>
        <SheetClose className={styles.close} onClick={onClose} />
      </div>
      <div className={styles.scroll}>
        <LanguageList onChosen={onClose} />
      </div>
    </BottomSheet>
  );
}
