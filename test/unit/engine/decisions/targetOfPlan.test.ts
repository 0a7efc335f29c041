import { describe, expect, it } from 'vitest';
import type { StorageTarget } from '../../../../shared/domain/StorageTarget';
import { targetOfPlan } from '../../../../shared/engine/targetOfPlan';

const current: StorageTarget = {
  endpoint: 'http://now',
  bucket: 'now',
  region: 'eu-now',
  pathStyle: true,
  credentialId: 'cred-now',
};
const recorded = { endpoint: 'http://then', bucket: 'then' };

describe("targetOfPlan: a night's own target", () => {
  it.each<
    [
      string,
      { region: string | null; pathStyle: boolean | null; credentialId: string | null },
      StorageTarget,
    ]
  >([
    [
      'recorded in full',
      { region: 'eu-then', pathStyle: false, credentialId: 'cred-then' },
      { ...recorded, region: 'eu-then', pathStyle: false, credentialId: 'cred-then' },
    ],
    [
      'made before targets were recorded: the current settings fill in',
      { region: null, pathStyle: null, credentialId: null },
      { ...recorded, region: 'eu-now', pathStyle: true, credentialId: 'cred-now' },
    ],
  ])('%s', (_, plan, expected) => {
    expect(targetOfPlan({ ...recorded, ...plan }, current)).toEqual(expected);
  });
});
