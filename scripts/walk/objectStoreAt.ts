import type { WalkRecorder } from './WalkRecorder';

/** The pseudo-module an object-store call is recorded as: S3's adapter, which the fake stands in for. */
export const OBJECT_STORE = 'electron/s3/<object store>';

/** Whether a write is a night's manifest (`<prefix>/.depot/night-<id>.json`). */
export const isManifestKey = (key: unknown): boolean =>
  typeof key === 'string' && /(^|\/)\.depot\/night-[0-9a-f]+\.json$/.test(key);

/**
 * The in-memory object store as the walk sees it: each call is one stop in `OBJECT_STORE`, its
 * inside (the fake server's own functions) unrecorded; recording stops once the manifest's
 * PutObject has an answer.
 */
export const objectStoreAt = <O extends object>(store: O, recorder: WalkRecorder): O =>
  new Proxy(store, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || typeof property !== 'string') return value;
      const method = value as (...args: unknown[]) => unknown;
      return (...args: unknown[]): unknown => {
        recorder.enter(OBJECT_STORE, property);
        const answer = recorder.outside(() => method.apply(target, args));
        const input = args[0] as { readonly key?: unknown } | undefined;
        if (property !== 'putObject' || !isManifestKey(input?.key)) return answer;
        return Promise.resolve(answer).then((outcome) => {
          recorder.stop();
          return outcome;
        });
      };
    },
  });
