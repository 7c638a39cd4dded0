import styles from './amount-text.module.css';

/**
 * A figure with its unit ("95.00 USDT") kept together and left to right: in Arabic the
 * number and the code would otherwise be reordered or split across lines.
 */
export function AmountText({ value, unit, testId }: { value: string; unit?: string; testId?: string }) {
  return (
    <span className={styles.amount} dir="ltr" data-testid={testId}>
      {value}
      {unit ? <span className={styles.unit}> {unit}</span> : null}
    </span>
  );
}
