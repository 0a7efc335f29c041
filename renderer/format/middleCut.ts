/**
 * A long file name cut in the middle, keeping its end: recorders put the timestamp last
 * (`…_20260613_231502.wav`), and that is what tells two files apart. `max` counts characters.
 */
export const middleCut = (name: string, max: number): string => {
  const chars = [...name];
  if (chars.length <= max || max < 5) return name;
  // The tail keeps the timestamp and extension (`20260613_231502.wav` is 19 characters).
  const tail = Math.min(chars.length - 1, Math.max(Math.ceil((max - 1) * 0.6), 20));
  const head = Math.max(1, max - 1 - tail);
  return `${chars.slice(0, head).join('')}…${chars.slice(chars.length - (max - 1 - head)).join('')}`;
};
