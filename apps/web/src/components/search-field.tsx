import { SearchBar, type SearchBarRef } from 'antd-mobile';
import { CloseCircleFill } from 'antd-mobile-icons';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './search-field.module.css';

interface Props {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  maxLength?: number;
  autoFocus?: boolean;
  testId?: string;
}

/**
 * antd-mobile's SearchBar with a clear button of our own (docs/accessibility.md "Names"):
 * its own is a bare div with an aria-label (no role, out of the Tab order), so keyboards
 * and screen readers could not reach it. Ours is a button named "Clear" in the trader's
 * language, shown while there is text; clearing keeps the focus in the field.
 */
export function SearchField({ value, onChange, placeholder, maxLength, autoFocus, testId }: Props) {
  const { t } = useTranslation();
  const bar = useRef<SearchBarRef>(null);
  return (
    <div className={styles.field}>
      <SearchBar
        ref={bar}
        clearable={false}
        value={value}
        onChange={onChange}
        placeholder={placeholder}
        {...(maxLength !== undefined ? { maxLength } : {})}
        {...(autoFocus ? { autoFocus } : {})}
        data-testid={testId}
      />
      {value ? (
        <button
          type="button"
          className={styles.clear}
          aria-label={t('common.clear')}
          onClick={() => {
            onChange('');
            bar.current?.focus();
          }}
          data-testid={testId ? `${testId}-clear` : undefined}
        >
          <CloseCircleFill aria-hidden />
        </button>
      ) : null}
    </div>
  );
}
