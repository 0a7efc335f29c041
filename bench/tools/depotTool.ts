import { join } from 'node:path';
import type { Tool } from './Tool';

const MIB = 1024 * 1024;
const ROOT = new URL('../..', import.meta.url).pathname;

/** Exit 4: stopped but resumable (README of the CLI): running it again is the intended gesture. */
export const depotTool = (opts: {
  partBytes: number;
  partsInFlight: number;
  version: string;
  /** Passed as --concurrency; absent: Depot's default. */
  concurrency?: number;
  /** Passed as --part-size (MiB); absent: Depot's default. */
  partMib?: number;
  /** Every HTTP request appended to this file as a JSON line (bench/requestLog.mjs). */
  requestLog?: string;
}): Tool => ({
  name: 'depot',
  version: opts.version,
  partBytes: opts.partBytes,
  partsInFlight: opts.partsInFlight,
  settings: `depot deposit${opts.concurrency === undefined && opts.partMib === undefined ? ', defaults' : ''}${opts.concurrency === undefined ? '' : ` --concurrency ${opts.concurrency}`}${opts.partMib === undefined ? '' : ` --part-size ${opts.partMib}MiB`} (${opts.partsInFlight} slots, ${opts.partBytes / MIB} MiB parts)`,
  command(ctx) {
    return {
      // Executed as `npx depot` runs it, so that its shebang's Node options apply.
      argv: [
        join(ROOT, 'bin/depot.js'),
        'deposit',
        ctx.nightDir,
        '--endpoint',
        ctx.endpoint,
        '--bucket',
        ctx.bucket,
        '--prefix',
        ctx.prefix,
        '--path-style',
        '--db',
        join(ctx.stateDir, 'depot.sqlite'),
        '--json',
        ...(opts.concurrency === undefined ? [] : ['--concurrency', String(opts.concurrency)]),
        ...(opts.partMib === undefined ? [] : ['--part-size', `${opts.partMib}MiB`]),
      ],
      env: {
        HOME: ctx.stateDir,
        // The bundle built at the bench's start, even if a source changes during the run.
        DEPOT_BUNDLE: 'always',
        AWS_ACCESS_KEY_ID: ctx.accessKeyId,
        AWS_SECRET_ACCESS_KEY: ctx.secretAccessKey,
        AWS_REGION: ctx.region,
        AWS_DEFAULT_REGION: ctx.region,
        ...(opts.requestLog === undefined
          ? {}
          : {
              NODE_OPTIONS: `--import ${join(ROOT, 'bench/requestLog.mjs')}`,
              DEPOT_REQUEST_LOG: opts.requestLog,
            }),
      },
    };
  },
  succeeded: (code) => code === 0,
});
