import type { IpcError } from '../../shared/ipc/Result';
import { errorText } from '../i18n/errorText';
import { useLanguage } from '../i18n/useLanguage';

/** A refusal or failure the backend answered, in the reader's language, announced to screen readers. */
export const ErrorAlert = ({
  error,
  onClick,
}: {
  readonly error: IpcError | null;
  readonly onClick?: () => void;
}): React.JSX.Element | null => {
  const { t, locale } = useLanguage();
  if (error === null) return null;
  return (
    <p className="error" role="alert" {...(onClick === undefined ? {} : { onClick })}>
      {t('error.generic', { message: errorText(error, t, locale) })}
    </p>
  );
};
