import { dirname, join } from 'node:path';
import type { EngineEvent } from '../engine/EngineEvent';
import { IpcFailure } from '../ipc/IpcFailure';
import { isConfigured, loadAppSettings, saveAppSettings } from './AppSettings';
import type { AppSettings } from './AppSettings';
import { loadArchivedNights } from './ArchivedNights';
import type { ArchivedNights } from './ArchivedNights';
import type { Credentials } from './Credentials';
import type { DepotBackendDeps } from './DepotBackendDeps';
import type { EngineHandle } from './EngineHandle';

/**
 * The settings, the credentials, the archived nights and the engine built for them: the engine is
 * rebuilt whenever what it was built from changes, and is absent while storage is incomplete.
 */
export class BackendConfig {
  private current: AppSettings | undefined;
  private secret: Credentials | undefined;
  private engineHandle: EngineHandle | undefined;
  private unlistenEngine: (() => void) | undefined;
  private archivedNights: ArchivedNights | undefined;
  private online = true;

  constructor(
    private readonly deps: DepotBackendDeps,
    private readonly onEngineEvent: (event: EngineEvent) => void,
  ) {}

  async load(): Promise<void> {
    this.current = await loadAppSettings(this.deps.settingsPath);
    this.archivedNights = await loadArchivedNights(
      join(dirname(this.deps.settingsPath), 'archived-nights.json'),
    );
    this.secret = await this.deps.secrets.read();
  }

  get settings(): AppSettings | undefined {
    return this.current;
  }

  get credentials(): Credentials | undefined {
    return this.secret;
  }

  get handle(): EngineHandle | undefined {
    return this.engineHandle;
  }

  get archived(): ArchivedNights | undefined {
    return this.archivedNights;
  }

  /**
   * Saves the settings (and the credentials, when given) and answers whether the engine must be
   * rebuilt: what it talks to, how, or as whom changed.
   */
  async save(next: AppSettings, credentials: Credentials | undefined): Promise<boolean> {
    const before = this.current;
    await saveAppSettings(this.deps.settingsPath, next);
    if (credentials !== undefined) await this.deps.secrets.write(credentials);
    this.current = next;
    if (credentials !== undefined) this.secret = credentials;
    return (
      credentials !== undefined ||
      before === undefined ||
      before.endpoint !== next.endpoint ||
      before.region !== next.region ||
      before.bucket !== next.bucket ||
      before.pathStyle !== next.pathStyle ||
      before.concurrency !== next.concurrency ||
      before.bwlimitBytesPerSec !== next.bwlimitBytesPerSec
    );
  }

  networkChanged(online: boolean): void {
    this.online = online;
    this.engineHandle?.networkChanged(online);
  }

  requireSettings(): AppSettings {
    if (this.current === undefined || !isConfigured(this.current)) {
      throw new IpcFailure('not-configured', 'storage settings are incomplete', {
        kind: 'storage-incomplete',
      });
    }
    return this.current;
  }

  requireEngine(): EngineHandle {
    if (this.engineHandle === undefined) {
      throw new IpcFailure('not-configured', 'storage settings or credentials are missing', {
        kind: 'storage-incomplete',
      });
    }
    return this.engineHandle;
  }

  rebuildEngine(): void {
    this.unlistenEngine?.();
    this.unlistenEngine = undefined;
    this.engineHandle = undefined;
    if (this.current === undefined || !isConfigured(this.current)) return;
    if (this.secret === undefined) return;
    this.engineHandle = this.deps.createEngine(this.current, this.secret);
    if (!this.online) this.engineHandle.networkChanged(false);
    this.unlistenEngine = this.engineHandle.engine.on(this.onEngineEvent);
  }

  close(): void {
    this.unlistenEngine?.();
  }

  settingsView() {
    const settings = this.current;
    if (settings === undefined) throw new IpcFailure('unavailable', 'backend not started');
    return {
      ...settings,
      credentials: this.secret === undefined ? 'not-set' : 'set',
    } as const;
  }
}
