import type { FailureCause } from '../../shared/domain/FailureCause';

/** A transient trouble: the unit waits (until `notBefore`, or for the network), it never fails. */
export class MustWait extends Error {
  override readonly name = 'MustWait';
  constructor(
    readonly notBefore: number,
    readonly network: boolean,
  ) {
    super('must wait');
  }
}

/** A definitive refusal for this unit, with the cause to persist. */
export class UnitFailure extends Error {
  override readonly name = 'UnitFailure';
  constructor(readonly failure: FailureCause) {
    super(failure.kind);
  }
}

export const abortError = (): Error => {
  const error = new Error('aborted');
  error.name = 'AbortError';
  return error;
};

export const isAbort = (error: unknown): boolean =>
  error instanceof Error && error.name === 'AbortError';
