/** A lightning bolt: one-tap trading's mark (antd-mobile-icons has none), sized to the text. */
export function BoltIcon({ className }: { className?: string }) {
  return (
    <svg className={className} width="1em" height="1em" viewBox="0 0 24 24" fill="currentColor" aria-hidden>
      <path d="M13.2 2.5 4.8 13.1a.6.6 0 0 0 .47.97H11l-1.3 7.3c-.1.6.66.92 1.03.44l8.47-10.7a.6.6 0 0 0-.47-.97H13l1.24-7.2c.1-.6-.66-.92-1.04-.44Z" />
    </svg>
  );
}
