import type { Area } from '@pipwise/shared';
import { DownFill } from 'antd-mobile-icons';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BottomSheet, SheetClose, SheetTitle } from '@/components/bottom-sheet';
import { SearchField } from '@/components/search-field';
import { searchAreas } from '../utils/areas';
import { AreaList } from './area-list';
import formStyles from './form.module.css';
import styles from './area-picker.module.css';

interface Props {
  area: Area | undefined;
  areas: readonly Area[];
  onChange: (area: Area) => void;
}

/**
 * The area code at the start of a phone field; tapping it opens every country and region
 * in a searchable sheet (by name, ISO code or calling code).
 */
export function AreaPicker({ area, areas, onChange }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const shown = open ? searchAreas(areas, deferred) : [];
  const close = () => {
    setOpen(false);
    setQuery('');
  };

  return (
    <>
      <button
        type="button"
        className={formStyles.areaButton}
        aria-label={`${t('auth.area_code')} ${area ? `${area.name} ${area.global_code}` : ''}`}
        aria-haspopup="dialog"
        data-testid="area-picker"
        onClick={() => setOpen(true)}
      >
        <span className={formStyles.areaCode}>{area?.global_code ?? '+'}</span>
        <DownFill aria-hidden />
      </button>
      <BottomSheet open={open} onClose={close} bodyClassName={styles.sheet}>
        <div className={styles.header}>
          <SheetTitle className={styles.title}>{t('auth.area_code')}</SheetTitle>
          <SheetClose className={styles.close} onClick={close} />
        </div>
        <div className={styles.search} data-testid="area-search">
          <SearchField placeholder={t('auth.area_search')} value={query} onChange={setQuery} />
        </div>
        {shown.length === 0 ? (
          <p className={styles.empty}>{areas.length === 0 ? t('common.loading') : t('access.area_none')}</p>
        ) : (
          <AreaList
            areas={shown}
            selectedId={area?.id}
            onPick={(a) => {
              onChange(a);
              close();
            }}
          />
        )}
      </BottomSheet>
    </>
  );
}
