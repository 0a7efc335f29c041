/** `items[index]`, or a failure that names the missing index (a test expected it to be there). */
export const itemAt = <T>(items: readonly T[], index: number): T => {
  const item = items[index];
  if (item === undefined)
    throw new Error(`expected an item at index ${index}, there are ${items.length}`);
  return item;
};
