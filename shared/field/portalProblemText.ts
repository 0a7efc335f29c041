import type { VigieChiroNameProblem } from '../portal/vigiechiro/vigieChiroNameProblem';
import type { LocalizedText, ProblemClass } from './PreflightReport';
import type { ProblemFacts } from './ProblemFacts';
import { countText } from './countText';

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

/** What the programme's portal would refuse. */
export type PortalProblem = Extract<ProblemClass, 'portal-name-refused' | 'portal-too-large'>;

/** Why the programme's portal would refuse the file. */
export const portalProblemText = (problem: PortalProblem, facts: ProblemFacts): LocalizedText => {
  switch (problem) {
    case 'portal-name-refused': {
      const why = portalRuleText(facts.portalRule);
      return {
        fr: `Le portail du programme refuserait son nom «\u00a0${facts.name ?? ''}\u00a0»\u00a0: ${why.fr}.`,
        en: `The programme’s portal would refuse its name "${facts.name ?? ''}": ${why.en}.`,
      };
    }
    case 'portal-too-large':
      return {
        fr: `Trop gros pour le portail du programme (${countText(facts.bytes ?? 0, 'fr')} octets)\u00a0: il prend un fichier en un seul envoi, ${countText(facts.limit ?? 0, 'fr')} octets au plus.`,
        en: `Too large for the programme’s portal (${countText(facts.bytes ?? 0, 'en')} bytes): it takes a file in one upload, ${countText(facts.limit ?? 0, 'en')} bytes at most.`,
      };
  }
};
