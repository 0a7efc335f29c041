import type { ProgrammeProfile } from '../../shared/programme/ProgrammeProfile';

/** What the night-level use cases need of a programme: its profile and the volunteer's fields. */
export type NamingProgramme = {
  readonly profile: ProgrammeProfile;
  readonly fields: Readonly<Record<string, string>>;
};
