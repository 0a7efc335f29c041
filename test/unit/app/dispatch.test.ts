import { describe, expect, it } from 'vitest';
import { methodNames } from '../../../shared/ipc/contract';
import type { Handlers } from '../../../electron/ipc/Handlers';
import { IpcFailure } from '../../../electron/ipc/IpcFailure';
import { dispatch } from '../../../electron/ipc/dispatch';

const received: unknown[] = [];

// A complete map, as the compiler demands; only the methods these tests call do anything.
const unused = (): Promise<never> => Promise.reject(new Error('not called in this test'));
const handlers: Handlers = {
  'app.info': () => Promise.resolve({ version: '1', mode: 'bridge' }),
  'plans.list': unused,
  'plans.get': ({ planId }) => Promise.reject(new IpcFailure('not-found', `no plan ${planId}`)),
  'plans.create': unused,
  'plans.pause': unused,
  'plans.resume': unused,
  'plans.archive': unused,
  'plans.forget': unused,
  'plans.previewDestination': unused,
  'plans.previewNames': unused,
  'plans.ownObjects': unused,
  'plans.previewCorrection': unused,
  'plans.correct': unused,
  'plans.removeFromServer': unused,
  'plans.removals': unused,
  'plans.card': unused,
  'units.conflict': unused,
  'units.settle': unused,
  'units.list': (input) => {
    received.push(input);
    return Promise.resolve({ total: 0, offset: input.offset, units: [] });
  },
  'units.failures': unused,
  'units.retryFailures': () => Promise.reject(new Error('secret path /home/x leaked?')),
  'settings.get': unused,
  'settings.set': unused,
  'settings.testConnection': unused,
  'programme.import': unused,
  'programme.remove': unused,
  'diagnostics.counters': unused,
  'diagnostics.journal': unused,
  'diagnostics.export': unused,
  'dialog.chooseFolder': unused,
  'dialog.chooseProgramme': unused,
  'preflight.run': unused,
  'portal.get': unused,
  'portal.openSignIn': unused,
  'portal.signIn': unused,
  'portal.signOut': unused,
  'portal.participations': unused,
  'portal.createParticipation': unused,
  'portal.night': unused,
  'portal.startAnalysis': unused,
};

describe('dispatch', () => {
  it('answers a valid call with its value in the envelope', async () => {
    expect(await dispatch(handlers, 'app.info', undefined)).toEqual({
      ok: true,
      value: { version: '1', mode: 'bridge' },
    });
  });

  it('validates input with the contract schema and applies defaults', async () => {
    const result = await dispatch(handlers, 'units.list', { planId: '3', offset: 0, limit: 10 });
    expect(result.ok).toBe(true);
    expect(received.at(-1)).toEqual({ planId: '3', offset: 0, limit: 10, filter: 'all' });
  });

  it('refuses invalid input without calling the handler', async () => {
    const before = received.length;
    const result = await dispatch(handlers, 'units.list', { planId: '3', offset: -1, limit: 10 });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(received.length).toBe(before);
    expect(await dispatch(handlers, 'units.list', 'DROP TABLE')).toMatchObject({ ok: false });
  });

  it('refuses unknown methods, including prototype names', async () => {
    for (const name of ['nope', '__proto__', 'constructor', 'toString']) {
      expect(await dispatch(handlers, name, undefined)).toMatchObject({
        ok: false,
        error: { code: 'invalid-input' },
      });
    }
  });

  it('turns an IpcFailure into its code and message', async () => {
    expect(await dispatch(handlers, 'plans.get', { planId: '9' })).toEqual({
      ok: false,
      error: { code: 'not-found', message: 'no plan 9' },
    });
  });

  it('keeps an unexpected error message out of the envelope and reports it aside', async () => {
    const seen: string[] = [];
    const result = await dispatch(handlers, 'units.retryFailures', { planId: '1' }, (m) =>
      seen.push(m),
    );
    expect(result).toEqual({
      ok: false,
      error: { code: 'internal', message: 'units.retryFailures failed unexpectedly' },
    });
    expect(seen).toEqual(['units.retryFailures']);
  });

  it('covers every method of the contract', () => {
    expect(Object.keys(handlers).sort()).toEqual([...methodNames].sort());
  });
});

// Compile-time checks (tsc runs over test/): a handler map missing a method does not compile,
// and neither does a handler answering the wrong type.
const incomplete: Omit<Handlers, 'preflight.run'> = handlers;
// @ts-expect-error 'preflight.run' is missing
export const missingHandler: Handlers = incomplete;
export const wrongOutput: Handlers = {
  ...handlers,
  // @ts-expect-error app.info must answer an AppInfo
  'app.info': () => Promise.resolve(42),
};
