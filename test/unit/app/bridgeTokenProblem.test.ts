import { describe, expect, it } from 'vitest';
import { bridgeTokenProblem } from '../../../electron/bridge/bridgeTokenProblem';

describe('bridgeTokenProblem: a token the volunteer chose for the bridge', () => {
  const cases: readonly [string, string, RegExp | undefined][] = [
    ['empty (issue 30: it matched a WebSocket offering no token)', '', /is empty/],
    ['only spaces', '   ', /is empty/],
    ['too short', 'abc123', /6 characters long: give at least 16/],
    ['a character the address would change', 'token+with+plus-0123', /characters/],
    ['a space inside', 'token with space 0123', /characters/],
    ['base64url, as the bridge makes its own', 'q7T_0-aZ9x~Lm.Kk3e', undefined],
    ['the tests’ tokens', 'fuzz-token-0123456789abcdef', undefined],
  ];
  for (const [name, token, problem] of cases) {
    it(name, () => {
      const said = bridgeTokenProblem(token, 'DEPOT_BRIDGE_TOKEN');
      if (problem === undefined) expect(said).toBeUndefined();
      else {
        expect(said).toMatch(problem);
        expect(said).toMatch(/^DEPOT_BRIDGE_TOKEN /);
        expect(said).not.toContain('\n');
      }
    });
  }
});
