import type { LocalizedText, ProblemClass } from './PreflightReport';
import type { ProblemFacts } from './ProblemFacts';

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

/** The problems of a file's name, on the card or for the programme. */
export type NameProblem = Extract<
  ProblemClass,
  'bad-name' | 'name-missing-value' | 'name-unsafe' | 'name-mismatch' | 'name-taken'
>;

/** Why a file's name (its own, or the one the programme gives it) cannot be deposited. */
export const nameProblemText = (problem: NameProblem, facts: ProblemFacts): LocalizedText => {
  switch (problem) {
    case 'bad-name':
      return badName(facts);
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
  }
};
