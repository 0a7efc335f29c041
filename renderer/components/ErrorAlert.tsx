import type { IpcError } from '../../shared/ipc/Result';
import { errorText } from '../i18n/errorText';
import { useT } from '../i18n/useT';
import { useDepotStore } from '../store/useDepotStore';

/** A refusal or failure the backend answered, in the reader's language, announced to screen readers. */
export const ErrorAlert = ({
  error,
  onClick,
}: {
  readonly error: IpcError | null;
  readonly onClick?: () => void;
}): React.JSX.Element | null => {
  const t = useT();
  const locale = useDepotStore((s) => s.locale);
  if (error === null) return null;
  return (
    <p className="error" role="alert" {...(onClick === undefined ? {} : { onClick })}>
      {t('error.generic', { message: errorText(error, t, locale) })}
    </p>
  );
};
