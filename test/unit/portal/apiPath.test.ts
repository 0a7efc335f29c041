import { describe, expect, it } from 'vitest';
import { apiPath } from '../../../electron/portal/apiPath';

describe('apiPath', () => {
  it('keeps the literal parts and puts each value in as one encoded segment', () => {
    expect(apiPath`/fichiers/${'5f1a2b'}/acces`).toBe('/fichiers/5f1a2b/acces');
    expect(apiPath`/fichiers/${'a/b?c#d e'}`).toBe('/fichiers/a%2Fb%3Fc%23d%20e');
    expect(apiPath`/sites/${'s1'}/participations/${'p 2'}`).toBe('/sites/s1/participations/p%202');
  });

  it('is the literal alone when there is no value', () => {
    expect(apiPath`/moi/participations`).toBe('/moi/participations');
  });
});
