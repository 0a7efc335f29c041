import type { DepotEvent } from './DepotEvent';
import type { MethodInput, MethodName, MethodOutput } from './contract';
import type { Result } from './Result';

type Call<K extends MethodName> =
  undefined extends MethodInput<K>
    ? (input?: MethodInput<K>) => Promise<Result<MethodOutput<K>>>
    : (input: MethodInput<K>) => Promise<Result<MethodOutput<K>>>;

type Domain = MethodName extends `${infer D}.${string}` ? D : never;

/**
 * What the renderer sees as `window.depot` (Electron preload) or from the bridge client: the
 * contract grouped by domain (`depot.plans.create(...)`), plus the event stream.
 */
export type DepotApi = {
  readonly [D in Domain]: {
    readonly [K in MethodName as K extends `${D}.${infer V}` ? V : never]: Call<K>;
  };
} & {
  readonly events: {
    /** Returns the unsubscribe function. */
    subscribe(listener: (event: DepotEvent) => void): () => void;
  };
};

/** How an implementation sends one call; the API object is built from it by `createDepotApi`. */
export type DepotTransport = {
  call<K extends MethodName>(
    method: K,
    input: MethodInput<K> | undefined,
  ): Promise<Result<MethodOutput<K>>>;
  subscribe(listener: (event: DepotEvent) => void): () => void;
};
