export type ReadCall =
  | { readonly kind: 'call'; readonly id: number; readonly method: string; readonly input: unknown }
  | { readonly kind: 'bad-call'; readonly id: number; readonly why: string }
  | { readonly kind: 'unusable'; readonly why: string };

/** One WebSocket message as a contract call, or why it is not one. */
export const readCall = (data: unknown, isBinary: boolean): ReadCall => {
  if (isBinary || !Buffer.isBuffer(data)) return { kind: 'unusable', why: 'binary message' };
  let message: unknown;
  try {
    message = JSON.parse(data.toString('utf8'));
  } catch {
    return { kind: 'unusable', why: 'not JSON' };
  }
  if (typeof message !== 'object' || message === null || Array.isArray(message))
    return { kind: 'unusable', why: 'not a call object' };
  const { id, method, input } = message as Record<string, unknown>;
  if (typeof id !== 'number' || !Number.isSafeInteger(id))
    return { kind: 'unusable', why: 'no numeric id' };
  if (typeof method !== 'string') return { kind: 'bad-call', id, why: 'no method' };
  return { kind: 'call', id, method, input };
};
