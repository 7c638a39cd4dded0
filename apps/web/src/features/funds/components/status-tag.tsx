import styles from './status-tag.module.css';

export type StatusTone = 'pending' | 'done' | 'rejected' | 'muted';

/** A record's status, coloured: waiting amber, done green, rejected red, void grey. */
export function StatusTag({ tone, children }: { tone: StatusTone; children: string }) {
  return (
    <span className={`${styles.tag} ${styles[tone]}`} data-testid="status-tag" data-tone={tone}>
      {children}
    </span>
  );
}
