import { errorText } from '../i18n/errorText';
import { useLanguage } from '../i18n/useLanguage';
import type { ProgrammeSaid } from './useProgrammeImport';

/** What the last import or removal did: the profile's name, its removal, or the refusal's cause. */
export const ProgrammeSaidText = ({ said }: { readonly said: ProgrammeSaid }) => {
  const { t, locale } = useLanguage();
  return (
    <p
      role={said.kind === 'refused' ? 'alert' : 'status'}
      className={said.kind === 'refused' ? 'error' : 'ok'}
      data-testid="programme-said"
    >
      {said.kind === 'refused'
        ? t('error.generic', { message: errorText(said.error, t, locale) })
        : said.kind === 'imported'
          ? t('programme.imported', { name: said.name })
          : t('programme.removed')}
    </p>
  );
};
