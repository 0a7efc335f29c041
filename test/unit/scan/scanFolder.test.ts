import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ScanError, scanFolder } from '../../../electron/scan/scanFolder';

let root: string;

const put = async (rel: string, content = 'x'): Promise<void> => {
  const abs = join(root, rel);
  await mkdir(join(abs, '..'), { recursive: true });
  await writeFile(abs, content);
};

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'depot-scan-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('scanFolder', () => {
  it('walks nested folders and returns files sorted by relative path with size and mtime', async () => {
    await put('b/2.WAV', '12345');
    await put('a.wav', '1');
    await put('b/c/d/3.wav', '123');
    await put('B.wav', '');
    await mkdir(join(root, 'empty'));
    const result = await scanFolder(root);
    expect(result.files.map((f) => [f.relPath, f.size])).toEqual([
      ['B.wav', 0],
      ['a.wav', 1],
      ['b/2.WAV', 5],
      ['b/c/d/3.wav', 3],
    ]);
    expect(result.files[2]?.absPath).toBe(join(root, 'b', '2.WAV'));
    expect(result.files.every((f) => f.mtimeMs > 0)).toBe(true);
    expect(result.refused).toEqual([]);
    expect(result.skippedJunk).toEqual({ count: 0, paths: [] });
  });

  it('turns NFD names into NFC relative paths but keeps the on-disk name to open', async () => {
    const nfd = 'Nuit-e\u0301te\u0301.wav';
    await put(`Sao\u0302ne/${nfd}`);
    const [file] = (await scanFolder(root)).files;
    expect(file?.relPath).toBe('Sa\u00f4ne/Nuit-\u00e9t\u00e9.wav');
    expect(file?.absPath).toBe(join(root, 'Sao\u0302ne', nfd));
  });

  it('refuses two names that normalize to the same key', async () => {
    await put('e\u0301.wav', 'nfd');
    await put('\u00e9.wav', 'nfc');
    await put('ok.wav');
    const result = await scanFolder(root);
    expect(result.files.map((f) => f.relPath)).toEqual(['ok.wav']);
    expect(result.refused.map((r) => [r.relPath, r.reason])).toEqual([
      ['\u00e9.wav', 'key-collision'],
      ['\u00e9.wav', 'key-collision'],
    ]);
  });

  it('skips and counts system junk, including whole junk folders', async () => {
    await put('.DS_Store');
    await put('night/._REC_001.WAV');
    await put('night/THUMBS.DB');
    await put('desktop.ini');
    await put('System Volume Information/IndexerVolumeGuid');
    await put('.Trashes/501/x.wav');
    await put('.Spotlight-V100/Store-V2/a');
    await put('.fseventsd/0001');
    await put('$RECYCLE.BIN/S-1-5/x.wav');
    await put('.Trash-1000/files/y.wav');
    await put('night/REC_001.WAV');
    await put('.hidden-notes.txt');
    const result = await scanFolder(root);
    expect(result.files.map((f) => f.relPath)).toEqual(['.hidden-notes.txt', 'night/REC_001.WAV']);
    expect(result.skippedJunk.count).toBe(10);
    expect(result.skippedJunk.paths).toContain('.Trashes/');
    expect(result.skippedJunk.paths).toContain('night/._REC_001.WAV');
    expect(result.skippedJunk.paths).not.toContain('.Trashes/501/x.wav');
  });

  it('refuses control characters and does not follow symbolic links', async () => {
    await put('bad\tname.wav');
    await put('line\nbreak/inner.wav');
    await put('real/target.wav');
    await symlink(join(root, 'real'), join(root, 'loop'));
    await symlink(join(root, 'real', 'target.wav'), join(root, 'link.wav'));
    const result = await scanFolder(root);
    expect(result.files.map((f) => f.relPath)).toEqual(['real/target.wav']);
    expect(result.refused.map((r) => [r.relPath, r.reason])).toEqual([
      ['bad\\x09name.wav', 'control-characters'],
      ['line\\x0abreak', 'control-characters'],
      ['link.wav', 'not-a-regular-file'],
      ['loop', 'not-a-regular-file'],
    ]);
    expect(result.refused[2]?.message).toMatch(/symbolic link/);
  });

  it('refuses names that take the key of another once a backslash is read as / (issue 30)', async () => {
    await put('a\\b_20260612_220015.wav', 'backslash');
    await put('a/b_20260612_220015.wav', 'real');
    await put('.\\c.wav', 'dot segment');
    await put('c.wav', 'c');
    await put('lone\\name.wav', 'no twin: its key is lone/name.wav');
    const result = await scanFolder(root);
    expect(result.files.map((f) => f.relPath)).toEqual(['lone\\name.wav']);
    expect(result.refused.map((r) => [r.relPath, r.reason, r.sameKeyAs])).toEqual([
      ['.\\c.wav', 'key-collision', ['c.wav']],
      ['a/b_20260612_220015.wav', 'key-collision', ['a\\b_20260612_220015.wav']],
      ['a\\b_20260612_220015.wav', 'key-collision', ['a/b_20260612_220015.wav']],
      ['c.wav', 'key-collision', ['.\\c.wav']],
    ]);
    expect(result.refused[1]?.message).toMatch(/same object key as a\\b_20260612_220015\.wav/);
  });

  it("leaves Depot's own .depot/ folders out, and refuses a name whose key falls in one", async () => {
    await put('.depot/night-0123.json', '{"receipt":true}');
    await put('sub/.depot/night-4567.json', '{}');
    await put('.depot\\night-89ab.json', 'a receipt copied from Windows');
    await put('\\', 'a name that is only a separator');
    await put('a.wav');
    const result = await scanFolder(root);
    expect(result.files.map((f) => f.relPath)).toEqual(['a.wav']);
    expect(result.depotFolders).toEqual(['.depot/', 'sub/.depot/']);
    expect(result.refused.map((r) => [r.relPath, r.reason])).toEqual([
      ['.depot\\night-89ab.json', 'reserved-key'],
      ['\\', 'reserved-key'],
    ]);
  });

  it('refuses a name carrying a Windows-style ".." segment', async () => {
    await put('..\\escape.wav');
    const result = await scanFolder(root);
    expect(result.files).toEqual([]);
    expect(result.refused[0]?.reason).toBe('dot-dot-segment');
  });

  it('throws a ScanError with a code for a missing root or a file given as root', async () => {
    await expect(scanFolder(join(root, 'nope'))).rejects.toMatchObject({
      name: 'ScanError',
      code: 'missing',
    });
    await put('file.wav');
    const error: unknown = await scanFolder(join(root, 'file.wav')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ScanError);
    expect(error).toMatchObject({ code: 'not-a-directory' });
  });

  it('reports progress and stops on abort', async () => {
    for (let i = 0; i < 150; i++) await put(`d${i % 3}/f${i}.wav`);
    const seen: number[] = [];
    const result = await scanFolder(root, { onProgress: (n) => seen.push(n) });
    expect(result.files).toHaveLength(150);
    expect(seen.at(-1)).toBe(150);
    expect(seen.length).toBeGreaterThan(1);
    const controller = new AbortController();
    controller.abort();
    await expect(scanFolder(root, { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});
