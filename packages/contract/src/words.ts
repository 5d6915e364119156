/** A list as a sentence says it: "a", "a or b", "a, b or c". */
export const orList = (items: readonly string[]): string =>
  items.length > 1
    ? `${items.slice(0, -1).join(', ')} or ${items.slice(-1).join('')}`
    : items.join('');
