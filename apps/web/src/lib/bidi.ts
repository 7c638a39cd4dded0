/**
 * A figure with its unit ("99.83 USD", "0.12 lots") as one isolated run inside a sentence:
 * wrapped in FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE, the text equivalent of <bdi>,
 * for values interpolated into a translated sentence. In Arabic the sentence runs right to
 * left and each figure keeps its digits, sign and unit together.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}
