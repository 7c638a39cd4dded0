/**
 * Two candlesticks, drawn to sit with antd-mobile-icons' outline set (1em box,
 * currentColor): the Trade tab deserves the chart it opens, and the icon set has none.
 */
export function CandlesIcon() {
  return (
    <svg
      width="1em"
      height="1em"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      aria-hidden
    >
      <path d="M7.5 3.5v3M7.5 16.5v4" />
      <rect x="5" y="6.5" width="5" height="10" rx="1.2" />
      <path d="M16.5 2.5v5M16.5 15.5v3" />
      <rect x="14" y="7.5" width="5" height="8" rx="1.2" />
    </svg>
  );
}
