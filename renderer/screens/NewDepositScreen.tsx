import { useState } from 'react';
import type { IpcError } from '../../shared/ipc/Result';
import { droppedFolder } from '../api/droppedFolder';
import { errorText } from '../i18n/errorText';
import { useLanguage } from '../i18n/useLanguage';
import { CardFolderForm } from '../newDeposit/CardFolderForm';
import { DepositForm } from '../newDeposit/DepositForm';
import { useCardAnalysis } from '../newDeposit/useCardAnalysis';
import type { Busy } from '../newDeposit/useCardAnalysis';
import { useDepositChoices } from '../newDeposit/useDepositChoices';
import { useNightFields } from '../newDeposit/useNightFields';
import { useProgrammeInUse } from '../newDeposit/useProgrammeInUse';
import { useStartDeposit } from '../newDeposit/useStartDeposit';

/**
 * Nouveau dépôt, in the order the volunteer goes: choose the card, read its analysis, give the
 * night's fields (or the programme's), answer what is asked, start. Each step is its own module
 * in `renderer/newDeposit/`.
 */
export const NewDepositScreen = () => {
  const { t, locale } = useLanguage();
  const typed = useNightFields();
  const programme = useProgrammeInUse(typed.restoreFields);
  const choices = useDepositChoices();
  const [busy, setBusy] = useState<Busy>(null);
  // A refusal from the backend (said from its reason), or a sentence this screen wrote itself.
  const [error, setError] = useState<IpcError | string | null>(null);
  const card = useCardAnalysis({
    typed,
    programme,
    setBusy,
    setError,
    onAnalysed: choices.afterAnalysis,
  });
  const { report } = card;
  const deposit = useStartDeposit({
    report,
    programme,
    typed,
    choices,
    several: report !== null && report.nights.length > 1,
    setBusy,
    setError,
  });

  return (
    <section
      aria-labelledby="new-title"
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => {
        // The card's folder dropped on the window (Electron): analysed at once.
        e.preventDefault();
        const files = window.depotFiles;
        const path = droppedFolder(
          e.dataTransfer.files,
          files === undefined ? undefined : (file) => files.pathForFile(file),
        );
        if (path === null) return;
        card.setDir(path);
        void card.check(path);
      }}
    >
      <h1 id="new-title">{t('new.title')}</h1>
      <CardFolderForm card={card} busy={busy} />
      {error !== null && (
        <p className="error" role="alert">
          {t('error.generic', {
            message: typeof error === 'string' ? error : errorText(error, t, locale),
          })}
        </p>
      )}
      {report !== null && (
        <DepositForm
          report={report}
          analyses={card.analyses}
          typed={typed}
          programme={programme}
          choices={choices}
          busy={busy}
          onDeposit={(update, confirmedNight) => void deposit(update, confirmedNight)}
        />
      )}
    </section>
  );
};
