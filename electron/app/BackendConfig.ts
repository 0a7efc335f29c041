import { dirname, join } from 'node:path';
import type { EngineEvent } from '../engine/EngineEvent';
import { IpcFailure } from '../ipc/IpcFailure';
import { profileProblemText } from '../../shared/programme/profileProblemText';
import { defaultAppSettings, isConfigured, loadAppSettings, saveAppSettings } from './AppSettings';
import type { AppSettings } from './AppSettings';
import { loadArchivedNights } from './ArchivedNights';
import type { ArchivedNights } from './ArchivedNights';
import type { Credentials } from './Credentials';
import type { DepotBackendDeps } from './DepotBackendDeps';
import type { EngineHandle } from './EngineHandle';
import type { ActiveProgramme } from './ProgrammeFile';
import { PortalAccount } from './PortalAccount';
import {
  activeProgramme,
  loadProgramme,
  programmeView,
  removeProgramme,
  saveProgramme,
} from './ProgrammeFile';

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
  private programmeInUse: ActiveProgramme | undefined;
  /** The volunteer's sign-in to a programme's portal (ADR 0032), where the wiring supports one. */
  readonly portals: PortalAccount | undefined;

  constructor(
    private readonly deps: DepotBackendDeps,
    private readonly onEngineEvent: (event: EngineEvent) => void,
  ) {
    const { portalSessions, createPortal } = deps;
    this.portals =
      portalSessions === undefined || createPortal === undefined
        ? undefined
        : new PortalAccount(portalSessions, deps.wallClock ?? deps.clock, createPortal);
  }

  async load(): Promise<void> {
    this.current = await loadAppSettings(this.deps.settingsPath);
    this.archivedNights = await loadArchivedNights(
      join(dirname(this.deps.settingsPath), 'archived-nights.json'),
    );
    this.secret = await this.deps.secrets.read();
    this.programmeInUse = await loadProgramme(this.programmePath());
    await this.portals?.load();
  }

  private programmePath(): string {
    return join(dirname(this.deps.settingsPath), 'programme.json');
  }

  /** The programme profile in use, if one was imported: it fixes the target and the names. */
  get programme(): ActiveProgramme | undefined {
    return this.programmeInUse;
  }

  /** The portal of the programme in use, when its profile names one (ADR 0032). */
  get portal(): { readonly api: string; readonly signIn: string } | undefined {
    const destination = this.programmeInUse?.profile.destination;
    return destination?.kind === 'vigiechiro' && this.portals !== undefined
      ? { api: destination.api, signIn: destination.signIn }
      : undefined;
  }

  /**
   * Imports a profile (issue 29): refused whole with its problem, nothing changed; else the
   * settings take what it fixes (endpoint, region, addressing, bucket, prefix) and its defaults
   * (concurrency, bandwidth cap). Answers whether the engine must be rebuilt. Nights created
   * before keep their own target and names.
   */
  async importProgramme(text: string): Promise<boolean> {
    const active = activeProgramme(text, this.programmeInUse?.lastFields);
    if ('problem' in active)
      throw new IpcFailure('invalid-input', profileProblemText(active.problem), {
        kind: 'programme-invalid',
        problem: active.problem,
      });
    const current = this.current ?? defaultAppSettings;
    const defaults = active.profile.defaults;
    const next: AppSettings = {
      ...current,
      ...(defaults.concurrency === undefined ? {} : { concurrency: defaults.concurrency }),
      ...(defaults.bandwidthLimitBytesPerSec === undefined
        ? {}
        : { bwlimitBytesPerSec: defaults.bandwidthLimitBytesPerSec }),
    };
    const portalBefore = this.portal?.api;
    await saveProgramme(this.programmePath(), active);
    this.programmeInUse = active;
    // A portal's nights need an engine even without a key (ADR 0032).
    return (await this.save(next, undefined)) || this.portal?.api !== portalBefore;
  }

  /**
   * Back to hand-typed settings: the settings the profile wrote stay, editable. Answers whether
   * the engine must be rebuilt (a portal's profile was in use: its engine needed no key).
   */
  async removeProgramme(): Promise<boolean> {
    const hadPortal = this.portal !== undefined;
    await removeProgramme(this.programmePath());
    this.programmeInUse = undefined;
    return hadPortal;
  }

  /** The field values a deposit was just started with: offered again next time. */
  async rememberFields(fields: Readonly<Record<string, string>>): Promise<void> {
    const active = this.programmeInUse;
    if (active === undefined) return;
    this.programmeInUse = { ...active, lastFields: { ...fields } };
    await saveProgramme(this.programmePath(), this.programmeInUse);
  }

  /** What a profile in use fixes wins over whatever the form sent. */
  private fixedBy(settings: AppSettings): AppSettings {
    const profile = this.programmeInUse?.profile;
    if (profile === undefined) return settings;
    const { destination, names } = profile;
    // A portal fixes no bucket: the storage settings stay the volunteer's (unused by its nights).
    if (destination.kind !== 's3') return settings;
    return {
      ...settings,
      endpoint: destination.endpoint,
      region: destination.region,
      bucket: destination.bucket,
      pathStyle: destination.pathStyle,
      prefixTemplate: names.prefix,
    };
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
  async save(asked: AppSettings, credentials: Credentials | undefined): Promise<boolean> {
    const next = this.fixedBy(asked);
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
    const s3 =
      this.current !== undefined && isConfigured(this.current) && this.secret !== undefined;
    // A programme's portal takes no key: its nights need only the volunteer's sign-in.
    if (!s3 && this.portal === undefined) return;
    this.engineHandle = this.deps.createEngine(
      this.current ?? defaultAppSettings,
      s3 ? this.secret : undefined,
      this.portals?.portalFor,
    );
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
      programme: this.programmeInUse === undefined ? null : programmeView(this.programmeInUse),
    } as const;
  }
}
