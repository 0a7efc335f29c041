import type { Migration } from '../Migration';

/**
 * Which programme profile a night was created with (issue 29): its name, the SHA-256 of the
 * file, its version and the field values, as JSON; NULL for a night made without a profile.
 */
export const migration0005: Migration = {
  version: 5,
  name: 'plan programme profile',
  sql: `
    ALTER TABLE plans ADD COLUMN programme TEXT;
  `,
};
