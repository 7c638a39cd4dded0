import type { AdminCategory, adminSaveCategoryEndpoint, EndpointInput, Lang } from '@pipwise/shared';
import type { TFunction } from 'i18next';
import { sortField } from '@/components/crud/fields';
import type { CrudForm } from '@/components/crud/types';
import { languageTexts } from '@/lib/language-texts';

export interface CategoryValues {
  names: Partial<Record<Lang, string | undefined>>;
  sort: number;
}

export const CATEGORIES_STALE = ['/api/admin/categories/', '/api/admin/instruments/'];

/** Creates or renames a category: English is required; other languages fall back to it. */
export function categoryForm(
  t: TFunction,
  category: AdminCategory | null,
): CrudForm<CategoryValues, Omit<EndpointInput<typeof adminSaveCategoryEndpoint>, 'id'>> {
  return {
    title: category
      ? t('admin_app.categories.edit_title', { name: category.names.en ?? '' })
      : t('admin_app.categories.new'),
    width: 720,
    initial: { names: category?.names ?? {}, sort: category?.sort ?? 0 },
    fields: () => [
      {
        key: 'name_en',
        name: ['names', 'en'],
        label: t('admin_app.categories.name_en'),
        span: 16,
        required: 'text',
        input: { kind: 'text', maxLength: 40 },
      },
      sortField(t, { span: 8 }),
      {
        key: 'names',
        name: 'names',
        input: {
          kind: 'languages',
          label: t('admin_app.categories.other_languages'),
          columns: 2,
          control: { kind: 'text', maxLength: 40 },
        },
      },
    ],
    toInput: (v) => ({ names: languageTexts(v.names), sort: v.sort }),
  };
}
