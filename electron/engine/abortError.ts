/** The platform's AbortError (shared with the retry policy and the sleepers), for a stop. */
export { abortError, isAbortError as isAbort } from '../../shared/ports/abortError';
