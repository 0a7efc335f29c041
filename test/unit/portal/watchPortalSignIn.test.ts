import { describe, expect, it } from 'vitest';
import { watchPortalSignIn, type SignInWindow } from '../../../electron/main/watchPortalSignIn';

const TOKEN = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';

/** A sign-in window whose addresses and closing the test drives. */
const fakeWindow = () => {
  const listeners: ((address: string) => void)[] = [];
  const closers: (() => void)[] = [];
  const loaded: string[] = [];
  let closed = 0;
  const window: SignInWindow = {
    onAddress: (l) => listeners.push(l),
    onClosed: (l) => closers.push(l),
    load: (url) => {
      loaded.push(url);
      return Promise.resolve();
    },
    close: () => {
      closed += 1;
    },
  };
  return {
    window,
    loaded,
    closedCount: () => closed,
    go: (address: string) => listeners.forEach((l) => l(address)),
    closeByHand: () => closers.forEach((l) => l()),
  };
};

describe('watchPortalSignIn', () => {
  it('loads the sign-in page, passes by the provider, and ends on the address that carries the token', async () => {
    const w = fakeWindow();
    const answer = watchPortalSignIn(w.window, 'https://portal.example/login/google');
    expect(w.loaded).toEqual(['https://portal.example/login/google']);
    w.go('https://accounts.example/o/oauth2/auth?redirect_uri=x&state=token-less');
    w.go('https://portal.example/login/google?code=abc');
    w.go(`https://front.example/#/?token=${TOKEN}`);
    // Whatever follows once it is settled changes nothing.
    w.go('https://front.example/#/?token=ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ');
    await expect(answer).resolves.toBe(`https://front.example/#/?token=${TOKEN}`);
    expect(w.closedCount()).toBe(1);
  });

  it('answers undefined when the volunteer closes the window first, and does not close it again', async () => {
    const w = fakeWindow();
    const answer = watchPortalSignIn(w.window, 'https://portal.example/login/google');
    w.go('https://portal.example/login/google');
    w.closeByHand();
    await expect(answer).resolves.toBeUndefined();
    expect(w.closedCount()).toBe(0);
  });

  it('ignores a token parameter that holds no token', async () => {
    const w = fakeWindow();
    const answer = watchPortalSignIn(w.window, 'https://portal.example/login/google');
    w.go('https://front.example/#/?token=');
    w.go('https://front.example/#/?token=<script>');
    w.closeByHand();
    await expect(answer).resolves.toBeUndefined();
  });
});
