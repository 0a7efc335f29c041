/** The message a sign-in window sends back to the page that opened it (same origin only). */
export type PortalReturnMessage = {
  readonly type: 'depot-portal-signed-in';
  readonly address: string;
};

/**
 * A page opened on the address a portal's sign-in ends on (`.../#/?token=...`, facts §1): when
 * the portal's front is this bridge (a test's stand-in redirects here), the page hands the whole
 * address to the Depot page that opened the sign-in, and says it can be closed. Elsewhere (the
 * real portal's own front) the volunteer copies the address into Depot (ADR 0032).
 */
export const handPortalReturnBack = (): boolean => {
  if (!/^#\/?\?token=/.test(window.location.hash)) return false;
  const opener = window.opener as Window | null;
  if (opener === null) return false;
  const message: PortalReturnMessage = {
    type: 'depot-portal-signed-in',
    address: window.location.href,
  };
  opener.postMessage(message, window.location.origin);
  return true;
};

export const isPortalReturn = (data: unknown): data is PortalReturnMessage =>
  typeof data === 'object' &&
  data !== null &&
  (data as { type?: unknown }).type === 'depot-portal-signed-in' &&
  typeof (data as { address?: unknown }).address === 'string';
