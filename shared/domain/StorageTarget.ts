/**
 * Where a night goes: the whole target a plan owns from its creation (issue 11). Settings changed
 * later apply to nights created after them; every request of a night uses the night's own target.
 * `credentialId` names which credentials (the access key id, never a secret).
 */
export type StorageTarget = {
  readonly endpoint: string;
  readonly region: string;
  readonly pathStyle: boolean;
  readonly bucket: string;
  readonly credentialId: string;
};

/** Two targets address the same bucket with the same credentials. */
export const sameTarget = (a: StorageTarget, b: StorageTarget): boolean =>
  a.endpoint === b.endpoint &&
  a.region === b.region &&
  a.pathStyle === b.pathStyle &&
  a.bucket === b.bucket &&
  a.credentialId === b.credentialId;
