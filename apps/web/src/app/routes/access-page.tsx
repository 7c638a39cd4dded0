import type { ReactNode } from 'react';
import { PageNav } from '@/components/page-nav';
import { AccessHero } from '@/features/auth/components/access-hero';
import styles from './access.module.css';
import page from './page.module.css';

interface Props {
  testId: string;
  title: string;
  subtitle: string;
  /** The end of the nav bar: the language switcher on the entry pages. */
  navEnd?: ReactNode;
  /** Where back goes when the page was opened directly (PageNav's own default otherwise). */
  fallback?: string;
  /** The form. */
  children: ReactNode;
}

/** The frame of the signed-out pages (login, register, reset): nav bar, hero, then the form. */
export function AccessPage({ testId, title, subtitle, navEnd, fallback, children }: Props) {
  return (
    <div className={page.page} data-testid={testId}>
      <PageNav
        title={null}
        right={navEnd ? <span className={styles.navEnd}>{navEnd}</span> : undefined}
        fallback={fallback}
      />
      <div className={styles.body}>
        <AccessHero title={title} subtitle={subtitle} />
        {children}
      </div>
    </div>
  );
}
