import { describe, expect, it } from 'vitest';
import type { ReadAt } from '../../../shared/field/inspectWav';
import { inspectWav } from '../../../shared/field/inspectWav';
import {
  concatBytes,
  dataChunkHeader,
  fmtChunk,
  guanoChunk,
  infoListChunk,
  riffChunk,
  riffHeader,
  wavFile,
} from '../../../shared/field/riffBytes';

const format = { sampleRate: 384_000, channels: 1, bitsPerSample: 16 };
const audio = (bytes: number): Uint8Array => new Uint8Array(bytes).map((_, i) => (i * 7) & 0xff);

/** An in-memory file that records which byte ranges were read. */
const memory = (bytes: Uint8Array) => {
  const reads: [number, number][] = [];
  const read: ReadAt = (offset, length) => {
    reads.push([offset, length]);
    return Promise.resolve(bytes.slice(offset, offset + length));
  };
  return { read, reads, inspect: () => inspectWav(read, bytes.length) };
};

describe('inspectWav', () => {
  it('reads the format, the duration and a GUANO chunk placed after the audio, without reading audio', async () => {
    const file = wavFile({
      format,
      audio: audio(768_000),
      after: [
        guanoChunk([
          ['GUANO|Version', '1.0'],
          ['Timestamp', '2026-06-12T21:30:00+02:00'],
          ['Make', 'Pettersson'],
          ['Model', 'M500-384'],
          ['Serial', 'A1B2'],
          ['Loc Position', '48.1 -1.5'],
          ['Samplerate', '384000'],
          ['TE', '1'],
          ['Length', '1.0'],
          ['PET|Gain', '80'],
        ]),
      ],
    });
    const m = memory(file);
    const result = await m.inspect();
    expect(result.class).toBe('valid');
    expect(result.format).toMatchObject({ sampleRate: 384_000, channels: 1, bitsPerSample: 16 });
    expect(result.durationSec).toBe(1);
    expect(result.chunks).toEqual(['fmt ', 'data', 'guan']);
    expect(result.guano).toMatchObject({
      version: '1.0',
      make: 'Pettersson',
      model: 'M500-384',
      serial: 'A1B2',
      position: { lat: 48.1, lon: -1.5 },
      sampleRate: 384_000,
      te: 1,
      lengthSec: 1,
      timestamp: { offset: { kind: 'explicit', minutes: 120 }, source: 'guano' },
    });
    expect(result.guano?.fields['PET|Gain']).toBe('80');
    const audioStart = 44;
    const audioEnd = audioStart + 768_000;
    expect(m.reads.some(([o, l]) => o < audioEnd && o + l > audioStart + 8)).toBe(false);
  });

  it('reads an AudioMoth LIST/INFO comment and artist before the data chunk', async () => {
    const comment =
      'Recorded at 21:03:00 24/05/2025 (UTC+1) by AudioMoth 24F319055FDF2A5B at medium gain while battery was 4.2V and temperature was 15.3C.';
    const file = wavFile({
      format: { sampleRate: 48_000, channels: 1, bitsPerSample: 16 },
      audio: audio(96_000),
      before: [
        infoListChunk([
          ['ICMT', comment],
          ['IART', 'AudioMoth 24F319055FDF2A5B'],
        ]),
      ],
    });
    const result = await memory(file).inspect();
    expect(result.class).toBe('valid');
    expect(result.durationSec).toBe(1);
    expect(result.info).toEqual({ ICMT: comment, IART: 'AudioMoth 24F319055FDF2A5B' });
  });

  it('classifies a file cut inside its audio as truncated', async () => {
    const full = wavFile({ format, audio: audio(10_000) });
    const result = await memory(full.slice(0, 5_044)).inspect();
    expect(result).toMatchObject({
      class: 'truncated',
      declaredDataBytes: 10_000,
      dataBytes: 5_000,
    });
    expect(result.detail).toMatch(/announces 10000 bytes, the file holds 5000/);
  });

  it('classifies a header never finalized (data size 0 then samples) as truncated', async () => {
    const file = concatBytes([riffHeader(0), fmtChunk(format), dataChunkHeader(0), audio(4_000)]);
    expect(await memory(file).inspect()).toMatchObject({ class: 'truncated', dataBytes: 4_000 });
  });

  it('classifies a metadata chunk cut after complete audio as truncated', async () => {
    const file = wavFile({
      format,
      audio: audio(1_000),
      after: [guanoChunk([['GUANO|Version', '1.0']])],
    });
    expect(await memory(file.slice(0, file.length - 6)).inspect()).toMatchObject({
      class: 'truncated',
      dataBytes: 1_000,
    });
  });

  it('classifies header-only files: empty data chunk, empty data then GUANO, no data chunk', async () => {
    expect((await memory(wavFile({ format, audio: new Uint8Array(0) })).inspect()).class).toBe(
      'header-only',
    );
    const withGuano = wavFile({
      format,
      audio: new Uint8Array(0),
      after: [guanoChunk([['Timestamp', '2026-06-12T21:30:00']])],
    });
    const r = await memory(withGuano).inspect();
    expect(r.class).toBe('header-only');
    expect(r.guano?.timestamp?.offset).toEqual({ kind: 'none' });
    const noData = concatBytes([riffHeader(4 + 24), fmtChunk(format)]);
    expect((await memory(noData).inspect()).class).toBe('header-only');
  });

  it('classifies empty, not-wav and unusable files', async () => {
    expect((await memory(new Uint8Array(0)).inspect()).class).toBe('empty');
    const text = new TextEncoder().encode('this is a text file renamed to .wav, long enough');
    expect(await memory(text).inspect()).toMatchObject({
      class: 'not-wav',
      detail: /starts with "this"/,
    });
    const avi = concatBytes([riffHeader(100, 'AVI '), audio(100)]);
    expect((await memory(avi).inspect()).class).toBe('not-wav');
    const noFmt = concatBytes([riffHeader(4 + 8 + 10), riffChunk('data', audio(10))]);
    expect(await memory(noFmt).inspect()).toMatchObject({
      class: 'not-wav',
      detail: 'no "fmt " chunk',
    });
    expect((await memory(new TextEncoder().encode('RIF')).inspect()).class).toBe('truncated');
    expect((await memory(wavFile({ format, audio: audio(10) }).slice(0, 30)).inspect()).class).toBe(
      'truncated',
    );
  });

  it('follows odd-sized chunks with their pad byte', async () => {
    const file = wavFile({
      format,
      audio: audio(8),
      before: [riffChunk('junk', audio(3))],
      after: [guanoChunk([['Make', 'X']])],
    });
    const result = await memory(file).inspect();
    expect(result.chunks).toEqual(['fmt ', 'junk', 'data', 'guan']);
    expect(result.class).toBe('valid');
    expect(result.guano?.make).toBe('X');
  });
});

describe('inspectWav after the audio', () => {
  it('stops at zero padding after the audio instead of walking it', async () => {
    const file = concatBytes([wavFile({ format, audio: audio(100) }), new Uint8Array(1 << 20)]);
    const m = memory(file);
    const result = await m.inspect();
    expect(result.chunks).toEqual(['fmt ', 'data']);
    expect(m.reads.length).toBeLessThan(10);
  });
});
