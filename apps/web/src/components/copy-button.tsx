import { Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { copyText } from '@/lib/clipboard';
import styles from './copy-button.module.css';

interface Props {
  text: string;
  /** What is copied, for screen readers ("Copy address"); the visible label is "Copy". */
  label?: string;
  /** A small button with the word "Copy" (default), just the icon, or a full-width button. */
  variant?: 'text' | 'icon' | 'block';
  /** The visible words (default "Copy"). */
  caption?: string;
  testId?: string;
}

/** Copies `text` and says so with the spec's "copy success" toast (§8). */
export function CopyButton({ text, label, variant = 'text', caption, testId = 'copy' }: Props) {
  const { t } = useTranslation();
  const copy = async () => {
    const ok = await copyText(text);
    Toast.show({ content: ok ? t('common.copy_success') : t('common.copy_failed') });
  };
  const words = caption ?? t('common.copy');
  return (
    <button
      type="button"
      className={`${styles.button} ${variant === 'text' ? '' : styles[variant]}`}
      aria-label={nameOf(variant, words, label ?? t('common.copy'))}
      data-testid={testId}
      onClick={() => void copy()}
    >
      <CopyIcon />
      {variant === 'icon' ? null : <span>{words}</span>}
    </button>
  );
}

/**
 * The button's name: an icon's is the label; one with words keeps the label only when the
 * label holds the words ("Copy address" for "Copy"), as a name must hold the words a person
 * sees and may say to voice control (docs/accessibility.md "Names"); else the words name it.
 */
export function nameOf(variant: Props['variant'], words: string, label: string): string | undefined {
  if (variant === 'icon') return label;
  return label.toLocaleLowerCase().includes(words.toLocaleLowerCase()) ? label : undefined;
}

/** Two stacked sheets, drawn to sit with antd-mobile-icons (the set has no copy icon). */
function CopyIcon() {
  return (
    <svg
      width="1em"
      height="1em"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.7"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
    >
      <rect x="8.5" y="8.5" width="11" height="12" rx="2" />
      <path d="M15.5 8.5V5.5a2 2 0 0 0-2-2h-7a2 2 0 0 0-2 2v9a2 2 0 0 0 2 2h2" />
    </svg>
  );
}
