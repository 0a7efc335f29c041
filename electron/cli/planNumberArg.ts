import type { CommandIo } from './Command';

/**
 * The optional PLAN argument: undefined for every plan, the number, or exit 2 (as a `{ exit }`)
 * for something that is not one.
 */
export const planNumberArg = (
  command: string,
  io: CommandIo,
  positional: string | undefined,
): { readonly plan: number | undefined } | { readonly exit: number } => {
  if (positional === undefined) return { plan: undefined };
  const n = Number(positional);
  if (!Number.isInteger(n)) {
    io.stderr.write(`depot ${command}: "${positional}" is not a plan number\n`);
    return { exit: 2 };
  }
  return { plan: n };
};
