import { describe, expect, it } from 'vitest';
import { decisionFor, problemMessage } from '../../../shared/field/problemMessage';
import type { ProblemClass } from '../../../shared/field/PreflightReport';

describe('problemMessage: a truncated recording', () => {
  it('gives the figures when sound is missing', () => {
    const text = problemMessage('truncated', { declaredDataBytes: 15_360, dataBytes: 7_956 });
    expect(text.fr).toContain('7\u202f956 octets de son sur 15\u202f360 annoncés');
  });

  it('never says "X of X announced" when every sound byte is there and what follows is cut', () => {
    const text = problemMessage('truncated', {
      declaredDataBytes: 1_144_560,
      dataBytes: 1_144_560,
    });
    expect(text.fr).not.toMatch(/sur .* annoncés/);
    expect(text.fr).toContain('les 1\u202f144\u202f560 octets de son sont là');
    expect(text.en).toContain('all 1,144,560 sound bytes are there');
  });
});

describe('problemMessage: French typography', () => {
  it('never lets a sign start a line: no ordinary space before : ; ? ! or inside « »', () => {
    const facts = { nights: ['2026-06-12', '2026-06-13'], reason: 'dot-dot-segment' };
    for (const problem of Object.keys(decisionFor) as ProblemClass[]) {
      const { fr } = problemMessage(problem, facts);
      expect({ problem, breakable: fr.match(/ [:;?!]|« | »/g) }).toEqual({
        problem,
        breakable: null,
      });
    }
    const truncated = problemMessage('truncated', { declaredDataBytes: 10, dataBytes: 10 }).fr;
    expect(truncated).toContain('après le son\u00a0: les');
  });
});
