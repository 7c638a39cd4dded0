import { ClockCircleOutline } from 'antd-mobile-icons';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { FollowTrader } from '../api/get-follow-list';
import {
  formatCount,
  formatProfit,
  formatRate,
  formatShare,
  hueOf,
  initialsOf,
  trendOf,
} from '../lib/format-stats';
import styles from './trader-card.module.css';

interface Props {
  trader: FollowTrader;
  /** Position in the ranking, from 1. */
  rank: number;
}

/** Images a card may load: https or this server's public folder. */
const SAFE_AVATAR = /^(https:\/\/|\/static\/[a-z0-9])/i;

/**
 * One follow trader: who, their three-week figures and their totals (docs/product.md §3).
 * Read only: copy trading does not exist yet, so nothing here can be tapped — the card says
 * it is coming instead of offering a button that could only answer "Coming soon".
 */
export function TraderCard({ trader, rank }: Props) {
  const { t } = useTranslation();
  const trend = trendOf(trader.three_week_rate);
  const medal = rank <= 3 ? styles[`medal${rank}`] : '';
  return (
    <article className={styles.card} data-testid="trader-card" data-id={trader.id}>
      <span className={styles.top}>
        {/* "Rank 1" for screen readers; the medal shows the number alone. */}
        <span className={`${styles.rank} ${medal}`}>
          <span className="pw-sr-only">{t('content.rank_position', { rank })}</span>
          <span aria-hidden>{rank}</span>
        </span>
        <Avatar name={trader.user} src={trader.avatar} />
        <span className={styles.who}>
          <span className={styles.name}>{trader.user}</span>
          <span className={styles.tags}>
            <span className={`${styles.tag} pw-num`}>{trader.code}</span>
            <span className={styles.tag}>{t('content.multiple_value', { multiple: trader.multiple })}</span>
          </span>
        </span>
        <CopySoon />
      </span>

      <span className={styles.main}>
        <span className={styles.mainLabel}>{t('content.three_week_rate')}</span>
        <span className={`${styles.mainValue} ${styles[trend]} pw-num`} data-testid="three-week-rate">
          {formatRate(trader.three_week_rate)}
        </span>
      </span>

      <span className={styles.stats}>
        <Stat label={t('content.three_week_win')} value={formatShare(trader.three_week_win)} />
        <Stat
          label={t('content.three_week_profit')}
          value={formatProfit(trader.three_week_profit)}
          trend={trendOf(trader.three_week_profit)}
        />
        <Stat
          label={t('content.total_rate')}
          value={formatRate(trader.total_rate)}
          trend={trendOf(trader.total_rate)}
        />
        <Stat label={t('content.total_trade_num')} value={formatCount(trader.total_trade_num)} />
      </span>
    </article>
  );
}

/** Where a copy button will go: a plain grey note, with nothing a finger could take for a button. */
function CopySoon() {
  const { t } = useTranslation();
  return (
    <span className={styles.soon} data-testid="copy-soon">
      <ClockCircleOutline aria-hidden />
      {t('content.copy_trading_soon')}
    </span>
  );
}

function Stat({ label, value, trend }: { label: string; value: string; trend?: 'up' | 'down' | 'flat' }) {
  return (
    <span className={styles.stat}>
      <span className={`${styles.statValue} ${trend ? styles[trend] : ''} pw-num`}>{value}</span>
      <span className={styles.statLabel}>{label}</span>
    </span>
  );
}

function Avatar({ name, src }: { name: string; src: string }) {
  if (SAFE_AVATAR.test(src)) return <img className={styles.avatar} src={src} alt="" />;
  return (
    <span className={styles.avatar} style={{ '--hue': hueOf(name) } as CSSProperties} aria-hidden>
      {initialsOf(name)}
    </span>
  );
}
