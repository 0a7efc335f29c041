/**
 * Resolves once `holds()` is true, polled every 20 ms: a test waits on progress it observes, never
 * on a fixed time. `hangMs` is generous and only turns a hang into a failure that names `what`.
 */
export const waitFor = async (
  holds: () => boolean,
  what: string,
  hangMs = 60_000,
): Promise<void> => {
  const deadline = Date.now() + hangMs;
  while (!holds()) {
    if (Date.now() > deadline) throw new Error(`waitFor: still no ${what} after ${hangMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};
