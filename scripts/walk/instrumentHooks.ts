import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { instrument } from './instrument';

/** What `trace-walk` registers the hooks with. */
export type HookData = {
  /** The repository's root as a file URL, ending with a slash. */
  readonly root: string;
  /** Folders (relative to the root, ending with a slash) whose modules are instrumented. */
  readonly folders: readonly string[];
  /** Modules left as they are (relative paths): the in-memory server stands in for S3. */
  readonly skip: readonly string[];
};

type LoadResult = { format?: string; source?: string | ArrayBuffer; shortCircuit?: boolean };
type NextLoad = (url: string, context: { format?: string }) => Promise<LoadResult>;

let data: HookData = { root: '', folders: [], skip: [] };

export const initialize = (given: HookData): void => {
  data = given;
};

/**
 * Node's `load` hook (module.register): a TypeScript module of the walked folders is compiled
 * here with its functions instrumented; every other module goes to the next loader (tsx).
 */
export const load = async (
  url: string,
  context: { format?: string },
  nextLoad: NextLoad,
): Promise<LoadResult> => {
  const file = url.startsWith(data.root) ? url.slice(data.root.length).split('?')[0] : undefined;
  const walked =
    file !== undefined &&
    file.endsWith('.ts') &&
    data.folders.some((f) => file.startsWith(f)) &&
    !data.skip.includes(file);
  if (!walked) return nextLoad(url, context);
  const source = await readFile(fileURLToPath(url.split('?')[0] ?? url), 'utf8');
  return { format: 'module', source: instrument(source, file), shortCircuit: true };
};
