import type { Migration } from '../Migration';

/**
 * A night owns its target and its identity (issue 11): region, addressing and which credentials
 * join the endpoint and bucket already stored; `night_id` names its manifest. Plans made before
 * keep NULL target columns (they meant "the current settings") and get a random id. Each part
 * counts the bytes that went on the wire for it, so whatever went twice is counted re-sent. A
 * unit keeps its whole file's MD5: the ETag of a one-request upload by any tool.
 */
export const migration0003: Migration = {
  version: 3,
  name: 'night target and identity, bytes sent per part',
  sql: `
    ALTER TABLE plans ADD COLUMN night_id TEXT;
    ALTER TABLE plans ADD COLUMN region TEXT;
    ALTER TABLE plans ADD COLUMN path_style INTEGER;
    ALTER TABLE plans ADD COLUMN credential_id TEXT;
    UPDATE plans SET night_id = lower(hex(randomblob(16))) WHERE night_id IS NULL;
    ALTER TABLE parts ADD COLUMN sent_bytes INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE units ADD COLUMN md5 TEXT;
  `,
};
