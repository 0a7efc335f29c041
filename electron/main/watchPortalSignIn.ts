import { portalTokenOf } from '../../shared/portal/portalTokenOf';

/** The sign-in window as the watch needs it (Electron's BrowserWindow, or a test's stand-in). */
export type SignInWindow = {
  /** Every address the window goes to: redirects, navigations, in-page ones (`#/?token=`). */
  onAddress(listener: (address: string) => void): void;
  onClosed(listener: () => void): void;
  load(url: string): Promise<void>;
  close(): void;
};

/**
 * The portal's sign-in in a window of Depot's own (ADR 0032): the page is loaded there, every
 * address it goes to is watched, and the first that carries the token (the portal redirects to
 * `{FRONTEND_DOMAIN}/#/?token=...` after the sign-in, facts §1) ends it: that whole address is the
 * answer, and the window closes. Closed before: undefined. The token is never logged.
 */
export const watchPortalSignIn = (
  window: SignInWindow,
  page: string,
): Promise<string | undefined> =>
  new Promise((resolve) => {
    let settled = false;
    const settle = (address: string | undefined): void => {
      if (settled) return;
      settled = true;
      resolve(address);
      if (address !== undefined) window.close();
    };
    window.onAddress((address) => {
      if (/[#?&]token=/.test(address) && portalTokenOf(address) !== undefined) settle(address);
    });
    window.onClosed(() => settle(undefined));
    // A page that cannot load (offline) is the volunteer's to see in the window, or close.
    window.load(page).catch(() => undefined);
  });
