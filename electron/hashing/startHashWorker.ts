import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { extname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

// The app's main process is bundled to CommonJS, which has no import.meta but its own file name.
const thisFile = (): string =>
  typeof __filename === 'string' ? pathToFileURL(__filename).href : import.meta.url;

/**
 * The hash worker's thread, from the file beside the code that starts it (`here`, a file URL):
 * `hashWorkerMain.ts` in the checkout (through tsx's loader, as the tests and `bin/depot.js`
 * without a bundle run), `.mjs` beside the command line's bundle, `.cjs` beside the app's main
 * process. Undefined when the file is not there (a build without it): files are then hashed on
 * the main thread.
 */
export const startHashWorker = (here: string = thisFile()): Worker | undefined => {
  const extension = extname(fileURLToPath(here));
  const file = new URL(`./hashWorkerMain${extension}`, here);
  if (!existsSync(file)) return undefined;
  if (extension !== '.ts') return new Worker(file);
  // A worker does not inherit the loader the main thread registered: it registers tsx's own,
  // for require (the worker's modules import nothing but Node's and their own).
  const tsx = createRequire(here).resolve('tsx/cjs/api');
  const code = `require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(fileURLToPath(file))});`;
  return new Worker(code, { eval: true });
};
