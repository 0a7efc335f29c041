import type { Clock } from '../../shared/ports/Clock';
import type { EmissionOptions } from '../../shared/ports/ObjectStore';
import type { Sleeper } from '../../shared/ports/Sleeper';
import type { Failure, Outcome } from '../../shared/retry/Outcome';

export type MemoryOperation =
  | 'headBucket'
  | 'putObject'
  | 'createMultipartUpload'
  | 'uploadPart'
  | 'listParts'
  | 'listMultipartUploads'
  | 'completeMultipartUpload'
  | 'abortMultipartUpload'
  | 'headObject'
  | 'getObject'
  | 'listObjects';

/** What a fault hook sees of a request: the operation and the key it touches, when it has one. */
export type MemoryRequest = {
  readonly operation: MemoryOperation;
  readonly key?: string;
  readonly partNumber?: number;
  readonly at: number;
  readonly bodyBytes: number;
};

export type MemoryEndpointOptions = {
  readonly clock?: Clock;
  /** With a sleeper, every request takes `latencyMs` plus its body at `bytesPerSec` (virtual time in tests). */
  readonly sleeper?: Sleeper;
  readonly latencyMs?: number;
  readonly bytesPerSec?: number;
  readonly bucketExists?: boolean;
  readonly credentialsValid?: boolean;
};

type Fault = {
  operation: MemoryOperation;
  remaining: number;
  matches: (request: MemoryRequest) => boolean;
  /** A failure returned without acting, or 'lose-reply': act, then report the connection reset. */
  effect: Failure | 'lose-reply';
};

/**
 * The memory store's endpoint, apart from what it stores: the request log, the wire time, the
 * deadline and signal, the endpoint's state (down, credentials, bucket) and the scripted faults
 * a test sets. `MemoryObjectStore` extends it with S3's semantics.
 */
export class MemoryEndpoint {
  readonly requests: MemoryRequest[] = [];
  private faults: Fault[] = [];
  private down = false;
  private bucketExists: boolean;
  private credentialsValid: boolean;

  constructor(private readonly settings: MemoryEndpointOptions) {
    this.bucketExists = settings.bucketExists ?? true;
    this.credentialsValid = settings.credentialsValid ?? true;
  }

  /** The next `times` matching calls of `operation` get `failure` (or, for 'lose-reply', act then fail). */
  failNext(
    operation: MemoryOperation,
    times: number,
    effect: Failure | 'lose-reply',
    matches: (request: MemoryRequest) => boolean = () => true,
  ): void {
    this.faults.push({ operation, remaining: times, matches, effect });
  }

  /** Unreachable: every request fails at once with connection refused (and is still counted). */
  setDown(down: boolean): void {
    this.down = down;
  }

  setCredentialsValid(valid: boolean): void {
    this.credentialsValid = valid;
  }

  setBucketExists(exists: boolean): void {
    this.bucketExists = exists;
  }

  clearFaults(): void {
    this.faults = [];
  }

  count(operation?: MemoryOperation): number {
    return operation === undefined
      ? this.requests.length
      : this.requests.filter((r) => r.operation === operation).length;
  }

  protected now(): number {
    return this.settings.clock?.now() ?? Date.now();
  }

  /**
   * Everything an emission goes through before and after acting: the log, the wire time, the
   * deadline and signal, the endpoint's state and the scripted faults.
   */
  protected async emit<T>(
    request: Omit<MemoryRequest, 'at'>,
    options: EmissionOptions,
    act: () => Promise<Outcome<T>> | Outcome<T>,
  ): Promise<Outcome<T>> {
    const at = this.now();
    this.requests.push({ ...request, at });
    if (options.signal?.aborted) return { kind: 'aborted' };
    if (at >= options.deadline) return { kind: 'unreachable', reason: 'timeout' };
    if (this.down) return { kind: 'unreachable', reason: 'connection-refused' };
    const sleeper = this.settings.sleeper;
    if (sleeper !== undefined) {
      const wire =
        (this.settings.latencyMs ?? 0) +
        (this.settings.bytesPerSec === undefined
          ? 0
          : (request.bodyBytes * 1000) / this.settings.bytesPerSec);
      const wait = Math.min(wire, Math.max(0, options.deadline - at));
      try {
        if (wait > 0) await sleeper.sleep(wait, options.signal);
      } catch {
        return { kind: 'aborted' };
      }
      if (this.now() >= options.deadline && wait < wire) {
        return { kind: 'unreachable', reason: 'timeout' };
      }
    }
    if (this.down) return { kind: 'unreachable', reason: 'connection-reset' };
    options.onBytesSent?.(request.bodyBytes);
    const fault = this.faults.find(
      (f) => f.operation === request.operation && f.remaining > 0 && f.matches({ ...request, at }),
    );
    if (fault !== undefined) {
      fault.remaining -= 1;
      if (fault.effect !== 'lose-reply') return fault.effect;
    }
    if (!this.credentialsValid) return { kind: 'refused', status: 403, code: 'InvalidAccessKeyId' };
    if (!this.bucketExists) return { kind: 'refused', status: 404, code: 'NoSuchBucket' };
    const outcome = await act();
    if (fault?.effect === 'lose-reply') return { kind: 'unreachable', reason: 'connection-reset' };
    return outcome;
  }
}
