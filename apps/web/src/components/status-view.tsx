import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import styles from './status-view.module.css';

interface Props {
  icon: ReactNode;
  title: string;
  description?: string;
  action?: { label: string; onClick: () => void };
  testId?: string;
  /** Fill the page height (a page that is only this message). */
  fill?: boolean;
}

/** A centred message with an optional action: empty lists, errors, pages to come. */
export function StatusView({ icon, title, description, action, testId, fill = false }: Props) {
  return (
    <div className={`${styles.view} ${fill ? styles.fill : ''}`} data-testid={testId}>
      <div className={styles.icon} aria-hidden>
        {icon}
      </div>
      <h2 className={styles.title}>{title}</h2>
      {description ? <p className={styles.desc}>{description}</p> : null}
      {action ? (
        <Button color="primary" shape="rounded" className={styles.action} onClick={action.onClick}>
          {action.label}
        </Button>
      ) : null}
    </div>
  );
}
