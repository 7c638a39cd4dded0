/**
 * A key, drawn to sit with antd-mobile-icons' outline set (1em box, currentColor): the set's
 * own key reads as a magnifying glass at list size, and a passkey deserves a plain key.
 */
export function PasskeyIcon({ className }: { className?: string }) {
  return (
    <svg
      className={className}
      width="1em"
      height="1em"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
    >
      <circle cx="7.5" cy="12" r="4" />
      <path d="M11.5 12h9M17 12v3M20.5 12v2.5" />
    </svg>
  );
}
