import type { ReactNode } from 'react';
import styles from './close-part.module.css';

/** Label and value rows; each value one isolated run, so "−5.00 USD" stays whole in Arabic. */
export function FigureRows({
  rows,
  className,
}: {
  rows: [label: string, value: ReactNode, testId: string, tone?: 'up' | 'down' | 'flat'][];
  className?: string;
}) {
  return (
    <dl className={`${styles.figures} ${className ?? ''}`}>
      {rows.map(([label, value, testId, tone]) => (
        <div key={testId}>
          <dt>{label}</dt>
          <dd className={`pw-num ${tone ? (styles[tone] ?? '') : ''}`} data-testid={testId}>
            <bdi>{value}</bdi>
          </dd>
        </div>
      ))}
    </dl>
  );
}
