import { fileProblemText } from './fileProblemText';
import { folderProblemText } from './folderProblemText';
import { nameProblemText } from './nameProblemText';
import { portalProblemText } from './portalProblemText';
import type { Decision, LocalizedText, ProblemClass } from './PreflightReport';
import type { ProblemFacts } from './ProblemFacts';

/** What the decision means for the volunteer, appended to every message. */
const consequence: Record<Decision, LocalizedText> = {
  'deposit-anyway': { fr: 'Il sera déposé tel quel.', en: 'It will be deposited as is.' },
  skip: {
    fr: 'Il ne sera pas déposé (rien n’est effacé sur la carte).',
    en: 'It will not be deposited (nothing is deleted on the card).',
  },
  block: {
    fr: 'Le dépôt de la nuit attend votre décision.',
    en: 'The night’s deposit waits for your decision.',
  },
};

export const decisionFor: Record<ProblemClass, Decision> = {
  empty: 'skip',
  'header-only': 'skip',
  truncated: 'block',
  'not-wav': 'block',
  companion: 'deposit-anyway',
  duplicate: 'skip',
  'several-nights': 'block',
  'several-recorders': 'deposit-anyway',
  'no-timestamp': 'deposit-anyway',
  'bad-name': 'block',
  'depot-folder': 'skip',
  unreadable: 'block',
  'not-a-regular-file': 'skip',
  'not-for-programme': 'skip',
  'name-missing-value': 'block',
  'name-unsafe': 'block',
  'name-mismatch': 'block',
  'name-taken': 'block',
  'portal-name-refused': 'block',
  'portal-too-large': 'block',
};

export type { ProblemFacts } from './ProblemFacts';

/** A problem's text, by its family. */
const textOf = (problem: ProblemClass, facts: ProblemFacts): LocalizedText => {
  switch (problem) {
    case 'empty':
    case 'header-only':
    case 'truncated':
    case 'not-wav':
    case 'companion':
    case 'duplicate':
    case 'depot-folder':
    case 'unreadable':
    case 'not-a-regular-file':
    case 'not-for-programme':
      return fileProblemText(problem, facts);
    case 'several-nights':
    case 'several-recorders':
    case 'no-timestamp':
      return folderProblemText(problem, facts);
    case 'bad-name':
    case 'name-missing-value':
    case 'name-unsafe':
    case 'name-mismatch':
    case 'name-taken':
      return nameProblemText(problem, facts);
    case 'portal-name-refused':
    case 'portal-too-large':
      return portalProblemText(problem, facts);
  }
};

/** The plain message of a problem in French and English, ending with what Depot will do. */
export const problemMessage = (problem: ProblemClass, facts: ProblemFacts = {}): LocalizedText => {
  const text = textOf(problem, facts);
  // A folder-level note is about all the recordings, not one file ("Il" would have no subject).
  const then =
    problem === 'several-recorders'
      ? {
          fr: 'Les enregistrements seront déposés tels quels.',
          en: 'The recordings will be deposited as they are.',
        }
      : consequence[decisionFor[problem]];
  return { fr: `${text.fr} ${then.fr}`, en: `${text.en} ${then.en}` };
};
