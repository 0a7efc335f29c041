import { describe, expect, it } from 'vitest';
import { success } from '../../shared/retry/Outcome';

describe('skeleton', () => {
  it('builds a success outcome', () => {
    expect(success(42)).toEqual({ kind: 'success', value: 42 });
  });
});
