import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The text of a PDF as a reader sees it: per page, lines top to bottom, each line's pieces
 * left to right as drawn (a right-to-left line therefore reads from its end), joined by a
 * space. Used to check what a statement says and in which order it is laid out.
 */
export async function pdfLines(pdf: Uint8Array): Promise<string[]> {
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false })
    .promise;
  const lines: string[] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const page = await doc.getPage(p);
    const content = await page.getTextContent();
    const rows = new Map<number, { x: number; s: string }[]>();
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      // Faces of different scripts sit a little apart on one baseline: a row is ±3 points.
      const raw = item.transform[5] as number;
      const y = [...rows.keys()].find((k) => Math.abs(k - raw) <= 3) ?? Math.round(raw);
      const row = rows.get(y) ?? [];
      row.push({ x: item.transform[4] as number, s: item.str.trim() });
      rows.set(y, row);
    }
    for (const y of [...rows.keys()].sort((a, b) => b - a))
      lines.push(
        rows
          .get(y)!
          .sort((a, b) => a.x - b.x)
          .map((i) => i.s)
          .join(' '),
      );
  }
  await doc.destroy();
  return lines;
}
