/** The platform's AbortError, for a stop through the run's AbortSignal. */
export const abortError = (): Error => {
  const error = new Error('aborted');
  error.name = 'AbortError';
  return error;
};

export const isAbort = (error: unknown): boolean =>
  error instanceof Error && error.name === 'AbortError';
