import { describe, expect, it } from 'vitest';
import { middleCut } from '../../../renderer/format/middleCut';

describe('middleCut', () => {
  it('leaves a name that fits alone', () => {
    expect(middleCut('PAR_20260613_231502.wav', 44)).toBe('PAR_20260613_231502.wav');
  });

  it('cuts in the middle, keeping the timestamp and extension, within the length', () => {
    const name = 'Car170517-2026-Pass1-Tronçon-long-SMU07845_20260613_231502.wav';
    const cut = middleCut(name, 44);
    expect([...cut].length).toBe(44);
    expect(cut.endsWith('20260613_231502.wav')).toBe(true);
    expect(cut.startsWith('Car17')).toBe(true);
    expect(cut).toContain('…');
  });

  it('keeps two files of the same night apart by their ends', () => {
    const a = middleCut('a'.repeat(60) + '_20260613_231502.wav', 30);
    const b = middleCut('a'.repeat(60) + '_20260613_231503.wav', 30);
    expect(a).not.toBe(b);
  });
});
