/** `items[index]`, or a failure that names the index out of range (a test expected it there). */
export const itemAt = <T>(items: readonly T[], index: number): T => {
  // Walked rather than indexed: in range it is a T, even where T admits undefined (a fuzz list
  // picks undefined too), with or without noUncheckedIndexedAccess.
  for (const [i, item] of items.entries()) if (i === index) return item;
  throw new Error(`expected an item at index ${index}, there are ${items.length}`);
};
