import { z } from 'zod';
import { MIN_BWLIMIT_BYTES_PER_SEC } from '../domain/minimumBandwidth';
import { prefixTemplateProblem } from '../field/prefixTemplateProblem';
import type {
  AppInfo,
  ChosenFolder,
  ConnectionVerdict,
  CreateOutcome,
  CountersView,
  DestinationPreview,
  DiagnosticsExport,
  FailureView,
  ForgetResult,
  JournalEntryView,
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

export const inputSchemas = {
  'app.info': none,
  'plans.list': none,
  'plans.get': planId,
  'plans.create': z.object({
    dir: z.string().min(1).max(4096),
    site: label,
    point: label,
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
    night: nightDate.or(z.literal('')),
  }),
  'units.list': planId.extend({
    offset: z.number().int().min(0),
    limit: z.number().int().min(1).max(1000),
    filter: z.enum(['all', 'active', 'failed', 'done', 'pending']).default('all'),
  }),
  'units.failures': planId,
  'units.retryFailures': planId,
  'settings.get': none,
  'settings.set': z.object({
    endpoint: z.url({ protocol: /^https?$/ }).max(2048),
    region: z.string().trim().min(1).max(64),
    bucket: z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/),
    prefixTemplate: z
      .string()
      .max(512)
      .refine((t) => prefixTemplateProblem(t) === undefined, 'invalid prefix template'),
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
  'settings.testConnection': none,
  'diagnostics.counters': none,
  'diagnostics.journal': z.object({ limit: z.number().int().min(1).max(5000) }),
  'diagnostics.export': none,
  'dialog.chooseFolder': none,
  'preflight.run': z.object({ dir: z.string().min(1).max(4096) }),
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
  'units.list': UnitPage;
  'units.failures': readonly FailureView[];
  'units.retryFailures': RetryFailuresResult;
  'settings.get': SettingsView;
  'settings.set': SettingsView;
  'settings.testConnection': ConnectionVerdict;
  'diagnostics.counters': CountersView;
  'diagnostics.journal': readonly JournalEntryView[];
  'diagnostics.export': DiagnosticsExport;
  'dialog.chooseFolder': ChosenFolder;
  'preflight.run': PreflightView;
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
