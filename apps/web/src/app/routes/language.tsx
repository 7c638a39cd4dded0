import { useTranslation } from 'react-i18next';
import { PageNav } from '@/components/page-nav';
import { LanguageList } from '@/features/language/components/language-list';
import styles from './page.module.css';

/** /language (docs/product.md §2): the same list as the home's language sheet, as a page. */
export default function LanguagePage() {
  const { t } = useTranslation();
  return (
    <div className={styles.page} data-testid="language-page">
      <PageNav title={t('route.language')} />
      <LanguageList />
    </div>
  );
}
