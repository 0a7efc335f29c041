import type { Clock } from '../../shared/ports/Clock';
import type { ObjectStore } from '../../shared/ports/ObjectStore';
import type { Sleeper } from '../../shared/ports/Sleeper';
import type { ChosenFolder } from '../../shared/ipc/views';
import type { AppSettings } from './AppSettings';
import type { CheckedFolder, FolderReading } from './CheckedFolder';
import type { PortalTarget, Portal } from '../../shared/ports/Portal';
import type { Credentials, SecretFile, SecretStore } from './Credentials';
import type { AppPortal } from './PortalAccount';
import type { PortalSession } from './PortalSession';
import type { EngineHandle } from './EngineHandle';
import type { Notifier } from './Notifier';

export type DepotBackendDeps = {
  readonly mode: 'electron' | 'bridge';
  readonly version: string;
  readonly settingsPath: string;
  readonly secrets: SecretStore;
  /** The engine's time (the monotonic clock in production). */
  readonly clock: Clock;
  /** This computer's wall clock, which the screen's countdowns use (default: `clock`). */
  readonly wallClock?: Clock;
  /** The backend's own waits (the views pushed at most every 250 ms). */
  readonly sleeper: Sleeper;
  /**
   * The engine for the settings: over S3 when `credentials` are given, else for portal nights only
   * (a programme whose profile names a portal, ADR 0032), each night's portal from `portalFor`.
   */
  readonly createEngine: (
    settings: AppSettings,
    credentials: Credentials | undefined,
    portalFor?: (target: PortalTarget) => Portal | undefined,
  ) => EngineHandle;
  /** Where the portal sign-in rests (encrypted like the credentials); absent: no portal support. */
  readonly portalSessions?: SecretFile<PortalSession>;
  /** A portal's adapter for an API, reading the token at each request. */
  readonly createPortal?: (api: string, token: () => string | undefined) => AppPortal;
  /**
   * Electron: the portal's sign-in page in a window of Depot's own, watched until it lands on the
   * address with the token (its whole address), undefined when the volunteer closed it.
   */
  readonly openPortalSignIn?: (signIn: string) => Promise<string | undefined>;
  /** The S3 adapter also probes the endpoint (configuration vs outage) for the connection test. */
  readonly createObjectStore: (settings: AppSettings, credentials: Credentials) => ObjectStore;
  readonly earliestDeferred: (planId: number) => number | undefined;
  /** The pre-flight report of a folder, and the prefix placeholders it fills. */
  readonly preflight: (dir: string, reading?: FolderReading) => Promise<CheckedFolder>;
  readonly expandPrefix: (
    template: string,
    values: Readonly<Record<string, string | undefined>>,
  ) => string;
  readonly chooseFolder?: () => Promise<ChosenFolder>;
  /** The native file picker for a programme's profile (Electron); absent through the bridge. */
  readonly chooseProgramme?: () => Promise<ChosenFolder>;
  readonly notify?: Notifier;
  /** Never handed a secret: messages name operations and plan ids only. */
  readonly log: (line: string) => void;
  /** Where `~` in a typed path leads (the user's home folder by default). */
  readonly homeDir?: string;
  /** Releases what the wiring opened (the database), after the runs stopped. */
  readonly close?: () => void;
};
