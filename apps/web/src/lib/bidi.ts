/**
 * A figure ("-0.97%", "87,311.36", "100.00 USD") as one isolated left-to-right run inside a
 * translated sentence: wrapped in LEFT-TO-RIGHT ISOLATE … POP DIRECTIONAL ISOLATE, the text
 * equivalent of <bdi dir="ltr">. In Arabic the sentence runs right to left and each figure
 * keeps its sign, digits and unit in reading order. (Not FIRST STRONG ISOLATE: a figure
 * without letters has no strong character, and browsers then give it the sentence's
 * direction — "-0.97%" would show as "%0.97-".) Figures are Latin digits in every
 * language (lib/format.ts), so left to right is always their direction.
 */
export function isolate(text: string): string {
  return `\u2066${text}\u2069`;
}
