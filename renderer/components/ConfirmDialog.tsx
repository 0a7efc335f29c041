import type { ReactNode } from 'react';
import type { IpcError } from '../../shared/ipc/Result';
import { useT } from '../i18n/useT';
import { ErrorAlert } from './ErrorAlert';

/**
 * A change on the server asked before anything moves: what it will do (`children`), the backend's
 * refusal if any, the confirming button and "Non" beside it.
 */
export const ConfirmDialog = ({
  name,
  title,
  problem,
  confirm,
  onCancel,
  children,
}: {
  /** Names the dialog for the tests (`data-testid`) and its title's id (`NAME-title`). */
  readonly name: string;
  readonly title: string;
  readonly problem: IpcError | null;
  readonly confirm: {
    readonly label: string;
    readonly className: 'primary' | 'danger';
    readonly action: string;
    readonly disabled: boolean;
    readonly onClick: () => void;
  };
  readonly onCancel: () => void;
  readonly children: ReactNode;
}) => {
  const t = useT();
  return (
    <section className="dialog" role="dialog" aria-labelledby={`${name}-title`} data-testid={name}>
      <h2 id={`${name}-title`}>{title}</h2>
      {children}
      <ErrorAlert error={problem} />
      <div className="actions">
        <button
          type="button"
          className={confirm.className}
          data-action={confirm.action}
          disabled={confirm.disabled}
          onClick={confirm.onClick}
        >
          {confirm.label}
        </button>
        <button type="button" onClick={onCancel}>
          {t('nights.forgetNo')}
        </button>
      </div>
    </section>
  );
};
