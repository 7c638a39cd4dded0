import { adminCategoriesEndpoint, adminInstrumentsEndpoint } from '@pipwise/shared';
import { useTranslation } from 'react-i18next';
import { currentLang } from '@/lib/i18n';
import { useApiQuery } from '@/lib/query';
import type { ConditionTargets } from './condition-form';

/**
 * The board's categories and instruments by name, for the conditions of trading groups.
 * Read only by an operator allowed to (admin: the catalogue is admin-only); others read the
 * labels the conditions come with, and the ids ("Category #3") only for a target gone.
 */
export function useCatalogue(allowed: boolean): ConditionTargets {
  const { t } = useTranslation();
  const lang = currentLang();
  const categories = useApiQuery(adminCategoriesEndpoint, {}, { enabled: allowed });
  const instruments = useApiQuery(adminInstrumentsEndpoint, { category_id: undefined }, { enabled: allowed });
  const categoryOptions = (categories.data ?? []).map((c) => ({
    value: c.id,
    label: c.names[lang] || c.names.en || `#${c.id}`,
  }));
  const instrumentOptions = (instruments.data ?? []).map((i) => ({ value: i.id, label: i.show_code }));
  return {
    categories: categoryOptions,
    instruments: instrumentOptions,
    names: {
      lang,
      category: (id) =>
        categoryOptions.find((o) => o.value === id)?.label ?? t('admin_groups.category_n', { id }),
      instrument: (id) =>
        instrumentOptions.find((o) => o.value === id)?.label ?? t('admin_groups.instrument_n', { id }),
    },
  };
}
