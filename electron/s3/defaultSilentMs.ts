/**
 * How long an emission may move no body byte and get no answer before the engine is told
 * (`onSilent`: it asks the endpoint whether the link is gone, ADR 0013), in both adapters. 2 s,
 * so that a 1 s drop, a tethered link's usual one, is left to TCP: checked at 1 s, Depot sent
 * 15 MB per GB again on the mild night (ADR 0013, fifth pass).
 */
export const defaultSilentMs = 2_000;
