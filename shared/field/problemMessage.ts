import type { VigieChiroNameProblem } from '../portal/vigiechiro/vigieChiroNameProblem';
import type { Decision, LocalizedText, ProblemClass } from './PreflightReport';

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

const fmt = (n: number, locale: 'fr' | 'en'): string =>
  n.toLocaleString(locale === 'fr' ? 'fr-FR' : 'en-GB');

export type ProblemFacts = {
  readonly declaredDataBytes?: number;
  readonly dataBytes?: number;
  readonly original?: string;
  readonly nights?: readonly string[];
  readonly recorders?: readonly string[];
  readonly reason?: string;
  /** A programme name: the one the file would take, and what made it impossible or refused. */
  readonly name?: string;
  readonly pattern?: string;
  readonly placeholder?: string;
  readonly value?: string;
  /** The other files that would take the same name. */
  readonly others?: readonly string[];
  /** For names that take the same key: the other names on the card. */
  readonly sameKeyAs?: readonly string[];
  /** What the portal's own rules say of a name. */
  readonly portalRule?: VigieChiroNameProblem;
  /** A file's size, and the most the portal takes. */
  readonly bytes?: number;
  readonly limit?: number;
};

/** Why the portal would refuse a name, in each language (its rules: facts §2, §4). */
const portalRuleText = (rule: VigieChiroNameProblem | undefined): LocalizedText => {
  switch (rule) {
    case 'forbidden-characters':
      return {
        fr: 'il n’accepte que des lettres sans accent, des chiffres, «\u00a0_\u00a0», «\u00a0-\u00a0» et «\u00a0.\u00a0»',
        en: 'it takes only letters without accents, digits, "_", "-" and "."',
      };
    case 'unknown-type':
      return {
        fr: 'il ne connaît pas ce type de fichier (l’extension compte, en minuscules\u00a0: «\u00a0.wav\u00a0», pas «\u00a0.WAV\u00a0»)',
        en: 'it does not know this type of file (the extension counts, in lower case: ".wav", not ".WAV")',
      };
    case 'invalid-name':
    case undefined:
      return {
        fr: 'ce n’est pas un nom de son protocole (point fixe\u00a0: Car…-AAAA-PassN-Z1-…AAAAMMJJ_HHMMSS_mmm)',
        en: 'it is not a name of its protocol (point fixe: Car…-YYYY-PassN-Z1-…YYYYMMDD_HHMMSS_mmm)',
      };
  }
};

/** What a name's missing placeholder stands for, and why this file does not give it. */
const missingValue = (placeholder: string): LocalizedText => {
  switch (placeholder) {
    case 'date':
    case 'time':
    case 'ms':
      return {
        fr: 'la date et l’heure de l’enregistrement, et aucune n’a été trouvée (ni GUANO, ni commentaire AudioMoth, ni date dans le nom)',
        en: 'the recording’s date and time, and none was found (no GUANO, no AudioMoth comment, no date in the name)',
      };
    case 'serial':
    case 'make':
    case 'model':
    case 'recorder':
      return {
        fr: 'l’enregistreur, et ni ce fichier ni sa nuit ne le nomment',
        en: 'the recorder, and neither this file nor its night names it',
      };
    case 'ext':
      return {
        fr: 'une extension, et ce fichier n’en a pas',
        en: 'an extension, and this file has none',
      };
    case 'night':
    case 'year':
    case 'month':
    case 'day':
      return {
        fr: 'la nuit, et aucun enregistrement daté ne la donne',
        en: 'the night, and no dated recording gives it',
      };
    default:
      return {
        fr: 'une valeur que ce fichier ne donne pas',
        en: 'a value this file does not give',
      };
  }
};

/** Why a name is refused, in each language (the scanner's reason). */
const badName = (facts: ProblemFacts): LocalizedText => {
  const others = facts.sameKeyAs ?? [];
  if (facts.reason === 'key-collision' && others.length > 0)
    return {
      fr: `Nom refusé (même clé sur le serveur que ${others.map((n) => `«\u00a0${n}\u00a0»`).join(', ')}, car un «\u00a0\\\u00a0» d’un nom y devient «\u00a0/\u00a0»)\u00a0: renommez l’un d’eux pour les déposer.`,
      en: `Name refused (same key on the server as ${others.map((n) => `"${n}"`).join(', ')}, since a "\\" in a name becomes "/" there): rename one of them to deposit them.`,
    };
  const why = ((): LocalizedText => {
    switch (facts.reason) {
      case 'key-collision':
        return {
          fr: 'identique à un autre une fois normalisé',
          en: 'same as another once normalized',
        };
      case 'reserved-key':
        return {
          fr: 'sa clé sur le serveur serait dans le dossier .depot/ de Depot, ou vide',
          en: 'its key on the server would be in Depot’s own .depot/ folder, or empty',
        };
      case 'dot-dot-segment':
        return { fr: 'contient «\u00a0..\u00a0»', en: 'contains ".."' };
      default:
        return { fr: 'contient un caractère de contrôle', en: 'contains a control character' };
    }
  })();
  return {
    fr: `Nom refusé (${why.fr})\u00a0: renommez-le pour le déposer.`,
    en: `Name refused (${why.en}): rename it to deposit it.`,
  };
};

/** The plain message of a problem in French and English, ending with what Depot will do. */
export const problemMessage = (problem: ProblemClass, facts: ProblemFacts = {}): LocalizedText => {
  const text = ((): LocalizedText => {
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
              `${fmt(d, 'fr')} octets de son sont là, les informations qui les suivent manquent.`,
            en:
              'The end of the file is missing after the sound: all ' +
              `${fmt(d, 'en')} sound bytes are there, the information after them is missing.`,
          };
        }
        return {
          fr:
            'Enregistrement incomplet : la carte a peut-être été retirée pendant l’écriture' +
            (known ? ` (${fmt(a, 'fr')} octets de son sur ${fmt(d, 'fr')} annoncés).` : '.'),
          en:
            'Incomplete recording: the card may have been removed while writing' +
            (known ? ` (${fmt(a, 'en')} of ${fmt(d, 'en')} announced sound bytes).` : '.'),
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
      case 'bad-name':
        return badName(facts);
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
      case 'name-missing-value': {
        const why = missingValue(facts.placeholder ?? '');
        return {
          fr: `Son nom pour le programme demande {${facts.placeholder ?? ''}}\u00a0: ${why.fr}.`,
          en: `Its name for the programme needs {${facts.placeholder ?? ''}}: ${why.en}.`,
        };
      }
      case 'name-unsafe':
        return {
          fr: `Son nom pour le programme prendrait «\u00a0${facts.value ?? ''}\u00a0» pour {${facts.placeholder ?? ''}}\u00a0: «\u00a0/\u00a0», «\u00a0\\\u00a0», «\u00a0..\u00a0» et les caractères de contrôle n’y sont pas permis.`,
          en: `Its name for the programme would take "${facts.value ?? ''}" for {${facts.placeholder ?? ''}}: "/", "\\", ".." and control characters are not allowed in it.`,
        };
      case 'name-mismatch':
        return {
          fr: `Son nom pour le programme, «\u00a0${facts.name ?? ''}\u00a0», ne suit pas le modèle du programme (${facts.pattern ?? ''}).`,
          en: `Its name for the programme, "${facts.name ?? ''}", does not match the programme’s pattern (${facts.pattern ?? ''}).`,
        };
      case 'name-taken':
        return {
          fr: `Prendrait le même nom que ${(facts.others ?? []).join(', ')}\u00a0: «\u00a0${facts.name ?? ''}\u00a0».`,
          en: `Would take the same name as ${(facts.others ?? []).join(', ')}: "${facts.name ?? ''}".`,
        };
      case 'portal-name-refused': {
        const why = portalRuleText(facts.portalRule);
        return {
          fr: `Le portail du programme refuserait son nom «\u00a0${facts.name ?? ''}\u00a0»\u00a0: ${why.fr}.`,
          en: `The programme’s portal would refuse its name "${facts.name ?? ''}": ${why.en}.`,
        };
      }
      case 'portal-too-large':
        return {
          fr: `Trop gros pour le portail du programme (${fmt(facts.bytes ?? 0, 'fr')} octets)\u00a0: il prend un fichier en un seul envoi, ${fmt(facts.limit ?? 0, 'fr')} octets au plus.`,
          en: `Too large for the programme’s portal (${fmt(facts.bytes ?? 0, 'en')} bytes): it takes a file in one upload, ${fmt(facts.limit ?? 0, 'en')} bytes at most.`,
        };
    }
  })();
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
