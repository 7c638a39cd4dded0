import { LANG_INFO, type Lang } from '@pipwise/shared';
import { Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { LanguageList } from './language-list';
import styles from './language-switcher.module.css';

interface Props {
  open: boolean;
  lang: Lang;
  onClose: () => void;
}

/**
 * The bottom sheet of the 18 languages. Its own chunk, loaded on the first tap of the
 * header's language button: the sheet brings antd-mobile's Popup and its animation
 * runtime, which the first screen does not need.
 */
export default function LanguageSheet({ open, lang, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName={styles.sheet} destroyOnClose>
      <div className={styles.header}>
        <div>
          <h2 className={styles.title}>{t('language.title')}</h2>
          <p className={styles.current}>
            {t('language.current')}: <span lang={LANG_INFO[lang].bcp47}>{LANG_INFO[lang].nativeName}</span>
          </p>
        </div>
        <button type="button" className={styles.close} aria-label={t('common.cancel')} onClick={onClose}>
          <CloseOutline />
        </button>
      </div>
      <div className={styles.scroll}>
        <LanguageList onChosen={onClose} />
      </div>
    </Popup>
  );
}
