import { describe, expect, it } from 'vitest';
import type { ErrorReason } from '../../../shared/ipc/ErrorReason';
import type { ErrorCode, IpcError } from '../../../shared/ipc/Result';
import { errorText } from '../../../renderer/i18n/errorText';
import { translator } from '../../../renderer/i18n/translate';

const reasons: readonly ErrorReason[] = [
  { kind: 'storage-incomplete' },
  { kind: 'folder-missing', dir: '/media/SD/nuit' },
  { kind: 'not-a-folder', dir: '/media/SD/a.wav' },
  { kind: 'folder-unreadable', dir: '/media/SD' },
  { kind: 'nothing-to-deposit', dir: '/tmp/vide' },
  { kind: 'files-block', count: 2 },
  { kind: 'sources-changed', count: 3 },
  { kind: 'held-elsewhere', pid: 4242, host: 'station' },
  { kind: 'already-running' },
  { kind: 'prefix-invalid' },
  { kind: 'no-such-plan' },
  { kind: 'engine-unreachable' },
  { kind: 'database-damaged' },
];
const codes: readonly ErrorCode[] = [
  'invalid-input',
  'not-found',
  'not-configured',
  'unavailable',
  'blocked',
  'internal',
];
const ENGLISH_MESSAGE = 'storage settings are incomplete';

describe('errorText', () => {
  it('says every reason in both languages, with its parameters, never the English message', () => {
    for (const reason of reasons) {
      const error: IpcError = { code: 'invalid-input', message: ENGLISH_MESSAGE, reason };
      const fr = errorText(error, translator('fr'));
      const en = errorText(error, translator('en'));
      expect(fr).not.toContain(ENGLISH_MESSAGE);
      expect(fr).not.toMatch(/\{\w+\}/);
      expect(en).not.toMatch(/\{\w+\}/);
      expect(fr).not.toBe(en);
      if ('dir' in reason) expect(fr).toContain(reason.dir);
      if ('count' in reason) expect(fr).toContain(String(reason.count));
      if ('pid' in reason) expect(fr).toContain('4242');
    }
  });

  it('falls back to the code, translated, when no reason came', () => {
    for (const code of codes) {
      const fr = errorText({ code, message: 'bridge unreachable' }, translator('fr'));
      expect(fr).not.toContain('bridge');
      expect(fr).not.toBe(errorText({ code, message: '' }, translator('en')));
    }
  });
});
