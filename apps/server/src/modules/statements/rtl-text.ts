import * as bidiModule from 'bidi-js';

/**
 * Right-to-left lines for the PDF (docs/statements.md "Arabic"). pdfkit's fontkit shapes an
 * Arabic word (joining forms) and lays its glyphs out right to left, but pdfmake places the
 * words of a line left to right in the order written. So a line is cut into words, the words
 * are put in visual order by the Unicode bidi algorithm (rule L2, on word levels), and each
 * word stays as written for fontkit to shape: Arabic reads right to left, numbers and Latin
 * codes keep their own left-to-right order.
 */

// bidi-js is CommonJS: Node hands its factory over as the default export; its types name
// an ES default export, which TypeScript reads as a property of that default.
const bidiFactory = (bidiModule as unknown as { default: () => BidiApi }).default;
const bidi = bidiFactory();

/** The part of bidi-js used here. */
interface BidiApi {
  getEmbeddingLevels(text: string, direction: 'ltr' | 'rtl'): { levels: Uint8Array };
}

/** A word of a line and whether it is right-to-left (its embedding level is odd). */
export interface VisualWord {
  text: string;
  rtl: boolean;
}

/** The words of a right-to-left paragraph, left to right as they must be drawn. */
export function visualWords(line: string): VisualWord[] {
  const { levels } = bidi.getEmbeddingLevels(line, 'rtl');
  const words: { text: string; level: number }[] = [];
  const re = /\S+/g;
  for (let m = re.exec(line); m; m = re.exec(line)) {
    // A word's level is its strongest character's: a number's digits, an Arabic word's letters.
    let level = levels[m.index]!;
    for (let i = m.index; i < m.index + m[0].length; i++) level = Math.max(level, levels[i]!);
    words.push({ text: m[0], level });
  }
  const highest = Math.max(0, ...words.map((w) => w.level));
  const lowestOdd = Math.min(...words.map((w) => w.level).filter((l) => l % 2 === 1), highest + 1);
  // L2: from the highest level down to the lowest odd one, reverse every run at or above it.
  for (let level = highest; level >= lowestOdd && level > 0; level--) {
    for (let i = 0; i < words.length;) {
      if (words[i]!.level < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < words.length && words[j]!.level >= level) j++;
      words.splice(i, j - i, ...words.slice(i, j).reverse());
      i = j;
    }
  }
  return words.map((w) => ({ text: w.text, rtl: w.level % 2 === 1 }));
}
