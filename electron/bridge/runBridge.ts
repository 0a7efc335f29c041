import { errnoOf } from '../errnoOf';
import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createBackend } from '../app/createBackend';
import { fileSecret, fileSecretStore } from '../app/FileSecretStore';
import { portalSessionOf } from '../app/PortalSession';
import { DatabaseError } from '../store/DatabaseError';
import { startBridge } from './BridgeServer';
import { bridgeTokenProblem } from './bridgeTokenProblem';

/**
 * `npm run bridge`: the desktop interface in a browser, for machines without the Electron binary.
 * Prints the address to open (with its per-run token) and, with --json, one JSON line for scripts.
 * SIGINT/SIGTERM stop the deposit cleanly (resumable) and close the server.
 */
const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    port: { type: 'string', default: '0' },
    static: { type: 'string', default: 'dist/renderer' },
    token: { type: 'string' },
    json: { type: 'boolean', default: false },
  },
});

const dataDir = resolve(
  values.data ?? process.env['DEPOT_DATA_DIR'] ?? join(homedir(), '.local', 'share', 'depot'),
);
const log = (line: string): void => {
  process.stderr.write(`depot bridge: ${line}\n`);
};

// A token the volunteer chose is checked before anything is opened: refused in one line, exit 2.
const chosenToken =
  values.token !== undefined
    ? { token: values.token, from: '--token' }
    : process.env['DEPOT_BRIDGE_TOKEN'] !== undefined
      ? { token: process.env['DEPOT_BRIDGE_TOKEN'], from: 'DEPOT_BRIDGE_TOKEN' }
      : undefined;
const tokenProblem =
  chosenToken === undefined ? undefined : bridgeTokenProblem(chosenToken.token, chosenToken.from);
if (tokenProblem !== undefined) {
  log(tokenProblem);
  process.exit(2);
}

/** The data folder and its database, or one line saying what is wrong with them and exit 2. */
const openBackend = async (): Promise<Awaited<ReturnType<typeof createBackend>>> => {
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    return await createBackend({
      mode: 'bridge',
      dataDir,
      secrets: fileSecretStore(join(dataDir, 'credentials.json')),
      portalSessions: fileSecret(join(dataDir, 'portal-session.json'), portalSessionOf),
      log,
    });
  } catch (error) {
    const known =
      error instanceof DatabaseError
        ? error.message
        : errnoOf(error) !== undefined
          ? `the data folder ${dataDir} cannot be used (${errnoOf(error)}): pass another --data, or fix its permissions`
          : undefined;
    if (known === undefined) throw error;
    log(known);
    process.exit(2);
  }
};
const backend = await openBackend();
const bridge = await startBridge({
  handlers: backend.handlers,
  subscribe: (listener) => backend.subscribe(listener),
  staticDir: resolve(values.static),
  port: Number(values.port),
  ...(chosenToken === undefined ? {} : { token: chosenToken.token }),
  log,
});

if (values.json) {
  process.stdout.write(JSON.stringify({ url: bridge.url, port: bridge.port, dataDir }) + '\n');
} else {
  process.stdout.write(`Depot is ready. Open this address in a browser:\n\n  ${bridge.url}\n\n`);
}

let stopping = false;
const stop = (): void => {
  if (stopping) return;
  stopping = true;
  void (async () => {
    await backend.stop();
    await bridge.close();
    process.exit(0);
  })();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
// A closed terminal stops it as Ctrl-C does: the deposit it was running resumes next time.
process.on('SIGHUP', stop);
