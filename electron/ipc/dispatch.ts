import { inputSchemas, isMethodName } from '../../shared/ipc/contract';
import type { MethodName } from '../../shared/ipc/contract';
import { fail, ok } from '../../shared/ipc/Result';
import type { Result } from '../../shared/ipc/Result';
import type { Handlers } from './Handlers';
import { IpcFailure } from './IpcFailure';

/**
 * Validates one call with the contract's zod schema and runs its handler. Never throws: the
 * caller (ipcMain or the bridge) sends the envelope as is. Unexpected errors keep their message
 * out of the envelope, which could carry a path or a header; they go to `onUnexpected`.
 */
export const dispatch = async (
  handlers: Handlers,
  method: string,
  rawInput: unknown,
  onUnexpected: (method: string, error: unknown) => void = () => undefined,
): Promise<Result<unknown>> => {
  if (!isMethodName(method)) return fail('invalid-input', `unknown method ${method.slice(0, 64)}`);
  const parsed = inputSchemas[method].safeParse(rawInput);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first?.path.join('.') ?? '';
    return fail('invalid-input', `${method}: ${where ? where + ': ' : ''}${first?.message ?? ''}`);
  }
  try {
    return ok(await run(handlers, method, parsed.data));
  } catch (error) {
    if (error instanceof IpcFailure) return fail(error.code, error.message, error.reason);
    onUnexpected(method, error);
    return fail('internal', `${method} failed unexpectedly`);
  }
};

// One generic call site so TypeScript links each method to its own handler and input type.
const run = <K extends MethodName>(
  handlers: Handlers,
  method: K,
  input: unknown,
): Promise<unknown> => (handlers[method] as (input: unknown) => Promise<unknown>)(input);
