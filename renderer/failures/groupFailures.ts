import type { FailureCause, Remedy } from '../../shared/domain/FailureCause';
import type { FailureView } from '../../shared/ipc/views';

export type FailureGroup = {
  /**
   * Stable identity of the cause: its kind, plus status and code for other refusals. Refused
   * credentials are one group whatever the code (InvalidAccessKeyId, SignatureDoesNotMatch):
   * one title, one fix in Réglages; each file still shows its own answer.
   */
  readonly key: string;
  readonly cause: FailureCause;
  readonly remedy: Remedy;
  readonly failures: readonly FailureView[];
};

export type GroupedFailures = {
  /** "Retenter les échecs" re-queues these. */
  readonly retryable: readonly FailureGroup[];
  /** Re-armed by new credentials, not by a blind retry. */
  readonly needsCredentials: readonly FailureGroup[];
  /** Listed apart, never offered for a retry. */
  readonly definitive: readonly FailureGroup[];
  readonly retryableCount: number;
};

const causeKey = (cause: FailureCause): string => {
  switch (cause.kind) {
    case 'refused':
      return `${cause.kind}:${cause.status}:${cause.code}`;
    default:
      return cause.kind;
  }
};

/** Groups failures by cause, biggest group first, and sorts each group by path. */
export const groupFailures = (failures: readonly FailureView[]): GroupedFailures => {
  const groups = new Map<
    string,
    { cause: FailureCause; remedy: Remedy; failures: FailureView[] }
  >();
  for (const failure of failures) {
    const key = causeKey(failure.cause);
    const group = groups.get(key);
    if (group === undefined) {
      groups.set(key, { cause: failure.cause, remedy: failure.remedy, failures: [failure] });
    } else {
      group.failures.push(failure);
    }
  }
  const all: FailureGroup[] = [...groups.entries()]
    .map(([key, g]) => ({
      key,
      cause: g.cause,
      remedy: g.remedy,
      failures: [...g.failures].sort((a, b) => a.relPath.localeCompare(b.relPath)),
    }))
    .sort((a, b) => b.failures.length - a.failures.length || a.key.localeCompare(b.key));
  const retryable = all.filter((g) => g.remedy === 'retry');
  return {
    retryable,
    needsCredentials: all.filter((g) => g.remedy === 'new-credentials'),
    definitive: all.filter((g) => g.remedy === 'none'),
    retryableCount: retryable.reduce((n, g) => n + g.failures.length, 0),
  };
};
