import { wallClockAt } from '@pipwise/shared';

/** `YYYY-MM-DD HH:mm:ss` of an instant in a zone (the CSV's times: sortable, any language). */
export function isoLocal(ms: number, zone: string): string {
  const w = wallClockAt(ms, zone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${w.year}-${two(w.month)}-${two(w.day)} ${two(w.hour)}:${two(w.minute)}:${two(w.second)}`;
}
