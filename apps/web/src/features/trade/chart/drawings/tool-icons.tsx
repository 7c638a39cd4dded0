import type { DrawingKind } from '@pipwise/shared';

/** The drawing tools' pictures, 18 px, in the button's colour. */
export function ToolIcon({ kind }: { kind: DrawingKind }) {
  return (
    <svg width="18" height="18" viewBox="0 0 18 18" fill="none" stroke="currentColor" aria-hidden>
      {kind === 'hline' ? (
        <>
          <path d="M1.5 9h15" strokeWidth="1.6" strokeLinecap="round" />
          <circle cx="9" cy="9" r="2" fill="currentColor" stroke="none" />
        </>
      ) : kind === 'trend' ? (
        <>
          <path d="M3.5 14.5l11-11" strokeWidth="1.6" strokeLinecap="round" />
          <circle cx="3.5" cy="14.5" r="2" fill="currentColor" stroke="none" />
          <circle cx="14.5" cy="3.5" r="2" fill="currentColor" stroke="none" />
        </>
      ) : (
        <>
          <path d="M2 3h14M2 7h14M2 11h14M2 15h14" strokeWidth="1.3" strokeLinecap="round" />
          <path d="M3 15L15 3" strokeWidth="1.1" strokeDasharray="2 2" />
        </>
      )}
    </svg>
  );
}

/** A colour swatch: the drawing's colour, for the button that changes it. */
export function Swatch({ color }: { color: string }) {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden>
      <circle cx="8" cy="8" r="6" fill={color} stroke="rgba(255,255,255,0.6)" strokeWidth="1.5" />
    </svg>
  );
}
