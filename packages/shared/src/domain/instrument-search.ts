/**
 * How an instrument search matches, the same on the server (`trade_list` searchCurrency)
 * and in the app's pair drawer: letters and digits only, case and accents ignored, in any
 * script ("EUR/usd " → "eurusd", "Or" → "or", "黃金" → "黃金"), then "contains".
 */
export function searchKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * Whether the search matches any of the texts (code, display code, names). An empty
 * search (or one of punctuation only) matches everything.
 */
export function matchesSearch(search: string, texts: readonly string[]): boolean {
  const needle = searchKey(search);
  return needle === '' || texts.some((text) => searchKey(text).includes(needle));
}
