import type { SettingsView } from '../../shared/ipc/views';
import { useT } from '../i18n/useT';
import { ProgrammeFacts } from '../programme/ProgrammeFacts';
import { ProgrammeImportForm } from '../programme/ProgrammeImportForm';
import { ProgrammeSaidText } from '../programme/ProgrammeSaidText';
import { useProgrammeImport } from '../programme/useProgrammeImport';
import { useDepotStore } from '../store/useDepotStore';

/**
 * "Importer le profil du programme" (issue 29): the coordinator's file, chosen with the native
 * picker (Electron), typed as a path (the bridge, as the folder field is), or dropped on the
 * section. Once imported, what the profile fixes is shown here and not editable; "Retirer le
 * profil" goes back to typing the settings by hand. Its parts are in `renderer/programme/`.
 */
export const ProgrammeSection = ({
  settings,
  onChange,
}: {
  readonly settings: SettingsView;
  readonly onChange: (view: SettingsView) => void;
}) => {
  const t = useT();
  const api = useDepotStore((s) => s.api);
  const imports = useProgrammeImport(api, onChange);
  const programme = settings.programme;
  if (api === undefined) return null;
  return (
    <section
      className="programme"
      aria-labelledby="programme-title"
      data-testid="programme"
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => {
        // The profile's file dropped here: its text is read in the page, in both modes.
        e.preventDefault();
        const file = e.dataTransfer.files[0];
        if (file !== undefined) void file.text().then((text) => imports.importFrom({ text }));
      }}
    >
      <h2 id="programme-title">
        {programme === null ? t('programme.title') : t('programme.inUse', { name: programme.name })}
      </h2>
      {programme === null ? (
        <p className="quiet">{t('programme.none')}</p>
      ) : (
        <ProgrammeFacts programme={programme} />
      )}
      <ProgrammeImportForm imports={imports} inUse={programme !== null} />
      {imports.said !== null && <ProgrammeSaidText said={imports.said} />}
    </section>
  );
};
