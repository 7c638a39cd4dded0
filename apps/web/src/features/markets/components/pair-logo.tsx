import { useState, type CSSProperties } from 'react';
import { env } from '@/config/env';
import styles from './pair-logo.module.css';

interface Props {
  logo: string;
  /** Display code ("EUR/USD"): its first letters stand in when the image fails. */
  label: string;
}

/** A stable hue per pair, so fallbacks are told apart at a glance. */
function hue(text: string): number {
  let h = 0;
  for (const ch of text) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return h;
}

function initials(label: string): string {
  const letters = label.replace(/[^A-Za-z0-9]/g, '');
  return letters.slice(0, 2).toUpperCase() || '?';
}

function absolute(logo: string): string | null {
  if (!logo) return null;
  try {
    // Logos may come as /static/… paths of the API host.
    return new URL(logo, env.apiBase).toString();
  } catch {
    return null;
  }
}

export function PairLogo({ logo, label }: Props) {
  const src = absolute(logo);
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = src !== null && failed !== src;
  return (
    <span
      className={`${styles.logo} ${showImage ? '' : styles.fallback}`}
      style={{ '--pw-logo-hue': hue(label) } as CSSProperties}
      aria-hidden
    >
      {showImage ? (
        <img
          src={src}
          alt=""
          width={36}
          height={36}
          loading="lazy"
          decoding="async"
          onError={() => setFailed(src)}
        />
      ) : (
        <span className={styles.initials}>{initials(label)}</span>
      )}
    </span>
  );
}
