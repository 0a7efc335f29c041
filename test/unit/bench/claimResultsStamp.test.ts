import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { claimResultsStamp } from '../../../bench/report/claimResultsStamp';

let dir: string | undefined;
afterEach(() => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

describe('claimResultsStamp', () => {
  it('never hands out a name already written, and claims each name once', () => {
    const made = mkdtempSync(join(tmpdir(), 'depot-stamp-'));
    dir = made;
    const base = '20261201-0521-full';
    expect(claimResultsStamp(made, base)).toBe(base);
    expect(existsSync(join(made, `${base}.json`))).toBe(true);
    // A run written before this one (only its .json is looked at: both files go together).
    writeFileSync(join(made, `${base}-2.json`), '{}');
    expect(claimResultsStamp(made, base)).toBe(`${base}-3`);
    expect(claimResultsStamp(made, base)).toBe(`${base}-4`);
  });

  it('says so when the folder cannot be written', () => {
    const made = mkdtempSync(join(tmpdir(), 'depot-stamp-'));
    dir = made;
    expect(() => claimResultsStamp(join(made, 'missing'), 'x')).toThrow(/ENOENT/);
  });
});
