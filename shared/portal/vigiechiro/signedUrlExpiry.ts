/**
 * When a SigV2 query-signed URL stops working: its `Expires` (epoch seconds, facts §3), in ms;
 * undefined when the URL says nothing of it (another kind of signature).
 */
export const signedUrlExpiry = (url: string): number | undefined => {
  let expires: string | null;
  try {
    expires = new URL(url).searchParams.get('Expires');
  } catch {
    return undefined;
  }
  if (expires === null || !/^\d+$/.test(expires)) return undefined;
  return Number(expires) * 1000;
};

/** `scheme://host:port` of a URL: the identity the retry policy keeps a budget and breaker for. */
export const endpointOfUrl = (url: string): string => {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}`;
};
