import { adminCategoriesEndpoint } from '@pipwise/shared';
import { currentLang } from '@/lib/i18n';
import { useApiQuery } from '@/lib/query';

/** The board's categories by name in the operator's language (English, else the id). */
export function useCategoryNames() {
  const { data } = useApiQuery(adminCategoriesEndpoint, {});
  const lang = currentLang();
  const options = (data ?? []).map((c) => ({
    value: c.id,
    label: c.names[lang] || c.names.en || `#${c.id}`,
  }));
  return { options, nameOf: (id: number) => options.find((o) => o.value === id)?.label ?? `#${id}` };
}
