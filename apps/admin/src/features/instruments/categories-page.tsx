import {
  adminCategoriesEndpoint,
  adminSaveCategoryEndpoint,
  LANG_INFO,
  LANGS,
  type AdminCategory,
} from '@pipwise/shared';
import { useTranslation } from 'react-i18next';
import { actionsColumn, idColumn, sortColumn } from '@/components/crud/columns';
import { CrudModal } from '@/components/crud/crud-modal';
import { CrudPage } from '@/components/crud/crud-page';
import { currentLang } from '@/lib/i18n';
import { useApiQuery } from '@/lib/query';
import { CATEGORIES_STALE, categoryForm } from './category-form';

/** The board's categories and their names in each language. */
export default function CategoriesPage() {
  const { t } = useTranslation();
  const { data, isFetching } = useApiQuery(adminCategoriesEndpoint, {});
  const lang = currentLang();
  return (
    <CrudPage<AdminCategory>
      title={t('admin_app.menu.categories')}
      description={t('admin_app.categories.intro')}
      createLabel={t('admin_app.categories.new')}
      rows={data}
      loading={isFetching}
      columns={(edit) => [
        idColumn('ID', 70),
        { title: t('admin_app.categories.name_en'), render: (_, c) => c.names.en },
        // The operator's own language beside English, when it is another.
        ...(lang === 'en'
          ? []
          : [
              {
                title: LANG_INFO[lang].nativeName,
                render: (_: unknown, c: AdminCategory) => c.names[lang] || '—',
              },
            ]),
        {
          title: t('admin_app.categories.translated'),
          render: (_, c) => `${Object.values(c.names).filter(Boolean).length} / ${LANGS.length}`,
        },
        { title: t('admin_app.menu.instruments'), dataIndex: 'instruments', align: 'end' },
        sortColumn(t),
        actionsColumn(t, { edit }),
      ]}
      editor={(row, close) => (
        <CrudModal
          form={categoryForm(t, row)}
          id={row?.id}
          endpoint={adminSaveCategoryEndpoint}
          invalidates={CATEGORIES_STALE}
          onClose={close}
        />
      )}
    />
  );
}
