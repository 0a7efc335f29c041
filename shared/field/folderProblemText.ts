import type { LocalizedText, ProblemClass } from './PreflightReport';
import type { ProblemFacts } from './ProblemFacts';

/** The problems of the night's folder as a whole. */
export type FolderProblem = Extract<
  ProblemClass,
  'several-nights' | 'several-recorders' | 'no-timestamp'
>;

/** What is said of the folder as a whole (its nights, its recorders, its dates). */
export const folderProblemText = (problem: FolderProblem, facts: ProblemFacts): LocalizedText => {
  switch (problem) {
    // No-break spaces are literal in plain strings (as in fr.ts) but escaped in template
    // literals, where lint's no-irregular-whitespace refuses them.
    case 'several-nights':
      return {
        fr: `Ce dossier contient plusieurs nuits (${(facts.nights ?? []).join(', ')})\u00a0: elles peuvent être déposées séparément.`,
        en: `This folder holds several nights (${(facts.nights ?? []).join(', ')}): they can be deposited separately.`,
      };
    case 'several-recorders':
      return {
        fr: `Enregistrements de plusieurs appareils (${(facts.recorders ?? []).join(', ')}).`,
        en: `Recordings from several recorders (${(facts.recorders ?? []).join(', ')}).`,
      };
    case 'no-timestamp':
      return {
        fr: 'Aucune date trouvée (ni GUANO, ni commentaire AudioMoth, ni date dans le nom).',
        en: 'No date found (no GUANO, no AudioMoth comment, no date in the name).',
      };
  }
};
