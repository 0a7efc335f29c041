import type { LocalizedText, ProblemClass } from './PreflightReport';
import type { ProblemFacts } from './ProblemFacts';
import { countText } from './countText';

/** The problems of one file's content or kind. */
export type FileProblem = Extract<
  ProblemClass,
  | 'empty'
  | 'header-only'
  | 'truncated'
  | 'not-wav'
  | 'companion'
  | 'duplicate'
  | 'depot-folder'
  | 'unreadable'
  | 'not-a-regular-file'
  | 'not-for-programme'
>;

/** What is wrong with the file itself (empty, cut, not a recording...), in French and English. */
export const fileProblemText = (problem: FileProblem, facts: ProblemFacts): LocalizedText => {
  switch (problem) {
    case 'empty':
      return { fr: 'Fichier vide (0 octet).', en: 'Empty file (0 bytes).' };
    case 'header-only':
      return {
        fr: 'En-tête WAV sans aucun son enregistré.',
        en: 'WAV header without any recorded sound.',
      };
    case 'truncated': {
      const { declaredDataBytes: d, dataBytes: a } = facts;
      const known = d !== undefined && a !== undefined && d > 0 && d !== 0xffffffff;
      // Every announced sound byte is there: what is cut is what follows (metadata chunks, or a
      // RIFF size past the end). "X of X announced" would contradict "incomplete".
      if (known && a >= d) {
        return {
          fr:
            'Fin de fichier incomplète après le son : les ' +
            `${countText(d, 'fr')} octets de son sont là, les informations qui les suivent manquent.`,
          en:
            'The end of the file is missing after the sound: all ' +
            `${countText(d, 'en')} sound bytes are there, the information after them is missing.`,
        };
      }
      return {
        fr:
          'Enregistrement incomplet : la carte a peut-être été retirée pendant l’écriture' +
          (known
            ? ` (${countText(a, 'fr')} octets de son sur ${countText(d, 'fr')} annoncés).`
            : '.'),
        en:
          'Incomplete recording: the card may have been removed while writing' +
          (known
            ? ` (${countText(a, 'en')} of ${countText(d, 'en')} announced sound bytes).`
            : '.'),
      };
    }
    case 'not-wav':
      return {
        fr: 'Porte l’extension .wav mais n’est pas un fichier WAV lisible.',
        en: 'Has a .wav extension but is not a readable WAV file.',
      };
    case 'companion':
      return {
        fr: 'Fichier d’accompagnement (pas un enregistrement).',
        en: 'Companion file (not a recording).',
      };
    case 'duplicate':
      return {
        fr: `Copie exacte de ${facts.original ?? 'un autre fichier'} (même empreinte SHA-256).`,
        en: `Exact copy of ${facts.original ?? 'another file'} (same SHA-256).`,
      };
    case 'depot-folder':
      return {
        fr: 'Dossier propre à Depot (reçus de dépôts précédents, manifestes).',
        en: 'Depot’s own folder (receipts of earlier deposits, manifests).',
      };
    case 'unreadable':
      return {
        fr: `Illisible${facts.reason ? ` (${facts.reason})` : ''}.`,
        en: `Cannot be read${facts.reason ? ` (${facts.reason})` : ''}.`,
      };
    case 'not-a-regular-file':
      return {
        fr: 'Lien symbolique ou fichier spécial : non suivi.',
        en: 'Symbolic link or special file: not followed.',
      };
    case 'not-for-programme':
      return {
        fr: 'Pas un enregistrement\u00a0: le profil du programme ne prend que les enregistrements.',
        en: 'Not a recording: the programme’s profile takes recordings only.',
      };
  }
};
