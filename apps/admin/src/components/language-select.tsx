import { GlobalOutlined } from '@ant-design/icons';
import { LANG_INFO, LANGS } from '@pipwise/shared';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { setLanguage, useUiLocale } from '@/lib/i18n';

/** The interface language, each named in itself. */
export function LanguageSelect() {
  const { t } = useTranslation();
  const { lang } = useUiLocale();
  return (
    <Select
      value={lang}
      onChange={(value) => void setLanguage(value)}
      options={LANGS.map((l) => ({ value: l, label: LANG_INFO[l].nativeName }))}
      prefix={<GlobalOutlined />}
      style={{ width: 190 }}
      aria-label={t('admin_app.common.language')}
      showSearch={{ optionFilterProp: 'label' }}
      data-testid="language-select"
    />
  );
}
