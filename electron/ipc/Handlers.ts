import type { MethodName, MethodOutput, ParsedInput } from '../../shared/ipc/contract';

/**
 * One handler per contract method, keyed by its name: a method added to the contract and not
 * handled here is a compile error wherever a `Handlers` is built.
 */
export type Handlers = {
  readonly [K in MethodName]: (input: ParsedInput<K>) => Promise<MethodOutput<K>>;
};
