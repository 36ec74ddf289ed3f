// The picker's local search: a case-insensitive substring match in which ё and е are one letter
// (Russian text is written both ways, and a search for «еще» must find «Ещё»).

export const fold = (text: string): string => text.toLowerCase().replace(/ё/g, 'е');

/** The items whose text holds the query, in their own order; all of them for an empty query. */
export function filterItems<T extends { text: string }>(items: readonly T[], query: string): T[] {
  const q = fold(query.trim());
  return q ? items.filter((item) => fold(item.text).includes(q)) : [...items];
}
