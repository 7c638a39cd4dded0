import styles from './access-hero.module.css';

/** The brand mark and a greeting above the login, register and reset forms. */
export function AccessHero({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <div className={styles.hero}>
      <img src="/icons/logo.svg" alt="" width={52} height={52} className={styles.mark} />
      <h1 className={styles.title}>{title}</h1>
      {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
    </div>
  );
}
