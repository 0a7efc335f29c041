import type { CountersView, DiagnosticsExport, PlanView } from '../../shared/ipc/views';
import type { JournalEntry } from '../store/JournalEntry';
import type { AppSettings } from './AppSettings';

export type DiagnosticsInput = {
  readonly now: number;
  readonly version: string;
  readonly mode: string;
  readonly settings: AppSettings | undefined;
  readonly credentials: 'set' | 'not-set';
  readonly secretStorage: string;
  readonly counters: CountersView;
  readonly plans: readonly PlanView[];
  readonly journal: readonly JournalEntry[];
};

/** An endpoint without user info, query or fragment (a pasted presigned URL must not leak). */
export const safeEndpoint = (endpoint: string): string => {
  try {
    const url = new URL(endpoint);
    return `${url.protocol}//${url.host}${url.pathname === '/' ? '' : url.pathname}`;
  } catch {
    return endpoint === '' ? '' : '(invalid)';
  }
};

// Signed-URL parameters and credential-looking values, wherever they might hide in free text.
const signedQuery =
  /([?&])(X-Amz-(Signature|Credential|Security-Token)|Signature|AWSAccessKeyId)=[^&\s"]*/gi;

export const scrub = (text: string): string => text.replace(signedQuery, '$1$2=REDACTED');

/**
 * The diagnostic export: counters, plans, the attempt journal and settings, with no secret, no
 * credential and no signed URL query. The credentials are said to be "set", nothing more.
 */
export const buildDiagnosticsExport = (input: DiagnosticsInput): DiagnosticsExport => {
  const settings =
    input.settings === undefined
      ? null
      : { ...input.settings, endpoint: safeEndpoint(input.settings.endpoint) };
  const body = {
    exportedAt: new Date(input.now).toISOString(),
    app: { version: input.version, mode: input.mode },
    settings,
    credentials: input.credentials,
    secretStorage: input.secretStorage,
    counters: input.counters,
    plans: input.plans,
    journal: input.journal.map((e) => ({
      at: new Date(e.at).toISOString(),
      planId: e.planId,
      operation: scrub(e.operation),
      outcome: scrub(e.outcome),
      attempt: e.attempt,
      delayMs: e.delayMs,
    })),
  };
  const stamp = new Date(input.now).toISOString().replace(/[:.]/g, '-');
  return { fileName: `depot-diagnostic-${stamp}.json`, json: scrub(JSON.stringify(body, null, 2)) };
};
