/**
 * How a unit's deposit ended well: `alreadyPresent` when the object was someone else's with the
 * same bytes; `unverifiable` when the server took our writes and this key may not read or list to
 * prove the bytes (a write-only key: ADR 0028), never counted verified.
 */
export type Deposited = { readonly alreadyPresent: boolean; readonly unverifiable?: true };

export const verified: Deposited = { alreadyPresent: false };
export const unverifiable: Deposited = { alreadyPresent: false, unverifiable: true };
