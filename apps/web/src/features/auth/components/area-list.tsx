import type { Area } from '@pipwise/shared';
import { CheckOutline } from 'antd-mobile-icons';
import { useEffect, useRef } from 'react';
import styles from './area-picker.module.css';

interface Props {
  areas: readonly Area[];
  selectedId: number | undefined;
  onPick: (area: Area) => void;
}

/** The rows of the area sheet; opens scrolled to the current choice, not at "A". */
export function AreaList({ areas, selectedId, onPick }: Props) {
  const selectedRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    selectedRef.current?.scrollIntoView({ block: 'center' });
  }, []);
  return (
    <ul className={styles.list} data-testid="area-list">
      {areas.map((a) => {
        const selected = a.id === selectedId;
        return (
          <li key={a.id}>
            <button
              type="button"
              className={`${styles.item} ${selected ? styles.selected : ''}`}
              aria-pressed={selected}
              ref={selected ? selectedRef : undefined}
              data-testid="area-option"
              data-code={a.code}
              onClick={() => onPick(a)}
            >
              <span className={styles.name}>{a.name}</span>
              <span className={styles.code}>{a.global_code}</span>
              <span className={styles.check} aria-hidden>
                {selected ? <CheckOutline /> : null}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
