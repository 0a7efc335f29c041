import { z } from 'zod';
import { MIN_BWLIMIT_BYTES_PER_SEC } from '../domain/minimumBandwidth';
import { prefixTemplateProblem } from '../field/prefixTemplateProblem';
import type {
  AppInfo,
  CardVerdictView,
  ConflictView,
  CorrectionPreview,
  CorrectionResult,
  OwnObjectsView,
  SettleResult,
  ChosenFolder,
  ConnectionVerdict,
  CreateOutcome,
  CountersView,
  DestinationPreview,
  DiagnosticsExport,
  ParticipationView,
  PortalNightView,
  PortalSignInOutcome,
  PortalView,
  FailureView,
  ForgetResult,
  JournalEntryView,
  NamesPreview,
  PlanView,
  PreflightView,
  RetryFailuresResult,
  SettingsView,
  UnitPage,
} from './views';

/**
 * The one contract between the interface and the backend (Electron main or the browser bridge).
 * Inputs are zod schemas, validated on the receiving side; outputs are types. Adding a method
 * here makes every implementation (handler map, preload, bridge client) fail to compile until it
 * is handled.
 */

const planId = z.object({ planId: z.string().min(1).max(64) });
const none = z.undefined();

const nightDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const label = z.string().trim().min(1).max(120);
/** A programme's field values, by field name (checked against the profile's patterns in main). */
const fields = z.record(z.string().max(32), z.string().max(120)).default({});

export const inputSchemas = {
  'app.info': none,
  'plans.list': none,
  'plans.get': planId,
  'plans.create': z.object({
    dir: z.string().min(1).max(4096),
    /** Required without a programme profile; with one, its fields say what the volunteer gives. */
    site: label.optional(),
    point: label.optional(),
    fields,
    night: nightDate,
    /** Deposit files the pre-flight would block (truncated recordings...). */
    skipInvalid: z.boolean().default(false),
    /**
     * A folder of several nights: each under its own date, one plan each ('each'), or only the
     * night `night` ('one'). Nights are never mixed.
     */
    nights: z.enum(['one', 'each']).default('one'),
    /** The folder changed since it was planned: deposit the changes. */
    update: z.boolean().default(false),
    /**
     * The volunteer explicitly deposits a second copy of a card another night already deposits
     * elsewhere (issue 31); without it, such a deposit is refused and the other night named.
     */
    copy: z.boolean().default(false),
    /** A programme whose profile names a portal: the participation the night goes into (ADR 0032). */
    participationId: z.string().trim().min(1).max(64).optional(),
  }),
  'plans.pause': planId,
  'plans.resume': planId,
  /** Tidies a night away in this app only (never touches the server); `false` brings it back. */
  'plans.archive': planId.extend({ archived: z.boolean() }),
  /** Removes a night from this Depot's database only; the server keeps every object. */
  'plans.forget': planId,
  /** Where each night of an analysed folder would go (prefix template expanded), before any plan. */
  'plans.previewDestination': z.object({
    dir: z.string().min(1).max(4096),
    site: z.string().trim().max(120),
    point: z.string().trim().max(120),
    fields,
    night: nightDate.or(z.literal('')),
  }),
  /**
   * The names a programme's profile gives the folder's files, with the fields typed so far: a few
   * examples and what blocks (issue 29). Nothing is planned.
   */
  'plans.previewNames': z.object({
    dir: z.string().min(1).max(4096),
    fields,
    night: nightDate.or(z.literal('')),
    nights: z.enum(['one', 'each']).default('one'),
  }),
  /** What the night wrote at its destination (objects, uploads), for a confirmation. */
  'plans.ownObjects': planId,
  /**
   * Where the night would go with these values (its fields, the current settings' target), and
   * what it would take back from where it is: the facts of "Corriger la destination".
   */
  'plans.previewCorrection': planId.extend({
    site: label.optional(),
    point: label.optional(),
    fields,
  }),
  /**
   * Moves the night to its corrected destination (issue 31): what it wrote where it was is taken
   * back (only its own objects, by its plan; its uploads aborted), and it goes on there.
   */
  'plans.correct': planId.extend({
    site: label.optional(),
    point: label.optional(),
    fields,
  }),
  /** "Retirer ce dépôt du serveur": the night's own objects are taken back, then it is forgotten. */
  'plans.removeFromServer': planId,
  /** After a refusal (a permission granted since): ask again, or leave those objects there. */
  'plans.removals': planId.extend({ action: z.enum(['retry', 'leave']) }),
  /** Whether the night's card can be cleared: every recording on it verified on the server. */
  'plans.card': planId,
  'units.list': planId.extend({
    offset: z.number().int().min(0),
    limit: z.number().int().min(1).max(1000),
    filter: z.enum(['all', 'active', 'failed', 'done', 'pending']).default('all'),
  }),
  'units.failures': planId,
  'units.retryFailures': planId,
  /** Both sides of a file's conflict, and the free name the night's rule would give it. */
  'units.conflict': planId.extend({ unitId: z.string().min(1).max(32) }),
  /** The volunteer's choice on a conflict, written in the plan (never an overwrite). */
  'units.settle': planId.extend({
    unitId: z.string().min(1).max(32),
    choice: z.enum(['keep-server-object', 'free-name']),
  }),
  'settings.get': none,
  'settings.set': z.object({
    /** Absent: the stored ones stay (a portal's profile fixes no bucket, ADR 0032). */
    endpoint: z
      .url({ protocol: /^https?$/ })
      .max(2048)
      .optional(),
    region: z.string().trim().min(1).max(64).optional(),
    bucket: z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/)
      .optional(),
    /** Absent: the stored one stays (a programme's profile fixes it, with its own fields). */
    prefixTemplate: z
      .string()
      .max(512)
      .refine((t) => prefixTemplateProblem(t) === undefined, 'invalid prefix template')
      .optional(),
    pathStyle: z.boolean(),
    concurrency: z.number().int().min(1).max(16),
    bwlimitBytesPerSec: z.number().int().min(MIN_BWLIMIT_BYTES_PER_SEC).nullable(),
    keepRunningInBackground: z.boolean(),
    locale: z.enum(['fr', 'en']),
    /** Absent: keep the stored credentials. Both present: replace them. */
    credentials: z
      .object({
        accessKeyId: z.string().trim().min(1).max(256),
        secretAccessKey: z.string().min(1).max(1024),
      })
      .optional(),
  }),
  /**
   * Absent: the saved settings. Present: the values on screen, tested without being saved (a wrong
   * value tested never replaces the good one); credentials typed, or the saved ones.
   */
  'settings.testConnection': z
    .object({
      endpoint: z.url({ protocol: /^https?$/ }).max(2048),
      region: z.string().trim().min(1).max(64),
      bucket: z.string().trim().min(1).max(63),
      pathStyle: z.boolean(),
      credentials: z
        .object({
          accessKeyId: z.string().trim().min(1).max(256),
          secretAccessKey: z.string().min(1).max(1024),
        })
        .optional(),
    })
    .optional(),
  /**
   * A programme's profile from its coordinator: a path (the file picker, or typed through the
   * bridge) or the file's text (dropped on the window). A profile a few kilobytes long.
   */
  'programme.import': z.union([
    z.object({ path: z.string().min(1).max(4096) }),
    z.object({
      text: z
        .string()
        .min(1)
        .max(64 * 1024),
    }),
  ]),
  /** Back to hand-typed settings: the profile is forgotten, the settings it wrote stay editable. */
  'programme.remove': none,
  'diagnostics.counters': none,
  'diagnostics.journal': z.object({ limit: z.number().int().min(1).max(5000) }),
  'diagnostics.export': none,
  'dialog.chooseFolder': none,
  'dialog.chooseProgramme': none,
  'preflight.run': z.object({ dir: z.string().min(1).max(4096) }),
  /** The programme's portal and the volunteer's sign-in there (ADR 0032). */
  'portal.get': none,
  /** Opens the portal's sign-in in a window of Depot's own (Electron) and takes the token. */
  'portal.openSignIn': none,
  /** The token, or the whole address the sign-in page ended on (`...#/?token=...`). */
  'portal.signIn': z.object({ address: z.string().trim().min(1).max(4096) }),
  'portal.signOut': none,
  /** The volunteer's participations (every site of theirs). */
  'portal.participations': none,
  /** A participation for a night of an analysed folder: its dates are the night's recordings'. */
  'portal.createParticipation': z.object({
    dir: z.string().min(1).max(4096),
    night: nightDate,
    siteId: z.string().trim().min(1).max(64),
    point: z.string().trim().max(64).optional(),
  }),
  /** What the portal holds of a night's participation now. */
  'portal.night': planId,
  /** "Lancer l'analyse": once, a night complete on the portal. */
  'portal.startAnalysis': planId,
} as const;

export type Outputs = {
  'app.info': AppInfo;
  'plans.list': readonly PlanView[];
  'plans.get': PlanView;
  'plans.create': CreateOutcome;
  'plans.pause': PlanView;
  'plans.resume': PlanView;
  'plans.archive': PlanView;
  'plans.forget': ForgetResult;
  'plans.previewDestination': readonly DestinationPreview[];
  'plans.previewNames': NamesPreview;
  'plans.ownObjects': OwnObjectsView;
  'plans.previewCorrection': CorrectionPreview;
  'plans.correct': CorrectionResult;
  'plans.removeFromServer': OwnObjectsView;
  'plans.removals': PlanView;
  'plans.card': CardVerdictView;
  'units.list': UnitPage;
  'units.failures': readonly FailureView[];
  'units.retryFailures': RetryFailuresResult;
  'units.conflict': ConflictView;
  'units.settle': SettleResult;
  'settings.get': SettingsView;
  'settings.set': SettingsView;
  'settings.testConnection': ConnectionVerdict;
  'programme.import': SettingsView;
  'programme.remove': SettingsView;
  'diagnostics.counters': CountersView;
  'diagnostics.journal': readonly JournalEntryView[];
  'diagnostics.export': DiagnosticsExport;
  'dialog.chooseFolder': ChosenFolder;
  'dialog.chooseProgramme': ChosenFolder;
  'preflight.run': PreflightView;
  'portal.get': PortalView | null;
  'portal.openSignIn': PortalSignInOutcome;
  'portal.signIn': PortalView;
  'portal.signOut': PortalView | null;
  'portal.participations': readonly ParticipationView[];
  'portal.createParticipation': ParticipationView;
  'portal.night': PortalNightView;
  'portal.startAnalysis': PortalNightView;
};

export type MethodName = keyof typeof inputSchemas & keyof Outputs;

/** What a caller passes (defaults may be omitted). */
export type MethodInput<K extends MethodName> = z.input<(typeof inputSchemas)[K]>;
/** What a handler receives, after validation and defaults. */
export type ParsedInput<K extends MethodName> = z.output<(typeof inputSchemas)[K]>;
export type MethodOutput<K extends MethodName> = Outputs[K];

export const methodNames = Object.keys(inputSchemas) as MethodName[];

export const isMethodName = (name: string): name is MethodName =>
  Object.prototype.hasOwnProperty.call(inputSchemas, name);
