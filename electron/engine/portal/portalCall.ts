import type { EmissionOptions } from '../../../shared/ports/ObjectStore';
import type { PortalCallName } from '../../../shared/portal/portalCallRules';
import { portalCallRules } from '../../../shared/portal/portalCallRules';
import type { Outcome } from '../../../shared/retry/Outcome';
import type { CallingFile, CallOptions, Called } from '../call/callPolicy';
import { callPolicy } from '../call/callPolicy';
import type { RunContext } from '../run/RunContext';
import type { MustWait } from '../StepOutcome';

/**
 * One emission of a portal night through the policy, with the profile `portalCallRules` gives the
 * call (insistent for the bytes, brief for the small calls) and on the endpoint it goes to: the
 * API's, or the storage's a signed URL names, each with its own budget and breaker (ADR 0032).
 */
export const portalCall = <T>(
  run: RunContext,
  file: CallingFile | undefined,
  call: PortalCallName,
  operation: string,
  endpoint: string,
  bodyBytes: number,
  emit: (options: EmissionOptions) => Promise<Outcome<T>>,
  options: Omit<CallOptions, 'endpoint'> = {},
): Promise<Called<T> | MustWait> => {
  // Known to the event hub before its first event: the policy's retries are journaled.
  run.portal?.endpoints.add(endpoint);
  return callPolicy(run, file, operation, portalCallRules[call].profile, bodyBytes, emit, {
    ...options,
    endpoint,
  });
};
