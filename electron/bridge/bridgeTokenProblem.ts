/** The shortest token the bridge takes: a guessable one would let any local page drive Depot. */
export const MIN_BRIDGE_TOKEN_LENGTH = 16;

/**
 * What is wrong with a bridge token the volunteer (or a script) chose, in one line; undefined when
 * it can be used. The token rides in the page's address (`#token=`) and is offered back as a
 * WebSocket sub-protocol, so it must survive both unchanged; an empty one would let any page on
 * this computer in, since a WebSocket offering no token at all would match it.
 */
export const bridgeTokenProblem = (token: string, from: string): string | undefined => {
  if (token.trim() === '')
    return `${from} is empty: it would let any page on this computer drive Depot; give a token of at least ${MIN_BRIDGE_TOKEN_LENGTH} characters, or leave it unset for a random one per run`;
  if (!/^[A-Za-z0-9._~-]+$/.test(token))
    return `${from} holds characters the page's address and its WebSocket cannot carry unchanged: use only letters, digits and . _ ~ -`;
  if (token.length < MIN_BRIDGE_TOKEN_LENGTH)
    return `${from} is ${token.length} characters long: give at least ${MIN_BRIDGE_TOKEN_LENGTH}, or leave it unset for a random one per run`;
  return undefined;
};
