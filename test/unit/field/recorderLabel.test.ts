import { describe, expect, it } from 'vitest';
import { recorderLabel } from '../../../shared/field/recorderLabel';

describe('recorderLabel', () => {
  it('says make and model, then the serial, leaving out what is unknown or empty', () => {
    expect(recorderLabel({ make: 'BATLOGGER', model: 'S2', serial: '22060166' })).toBe(
      'BATLOGGER S2 · 22060166',
    );
    expect(
      recorderLabel({ make: 'Wildlife Acoustics', model: 'Echo Meter Touch 2', serial: '' }),
    ).toBe('Wildlife Acoustics Echo Meter Touch 2');
    expect(recorderLabel({ model: null, serial: 'S4U12345' })).toBe('S4U12345');
    expect(recorderLabel({})).toBeNull();
  });
});
