import { useEffect, useState } from 'react';
import type { ProgrammeView } from '../../shared/ipc/views';
import { useLanguage } from '../i18n/useLanguage';
import { useDepotStore } from '../store/useDepotStore';
import type { TypedCorrection } from './useTypedCorrection';
import { TextField } from '../components/TextField';

/** The night's new destination typed: its programme's fields (once read), or site and point. */
export const CorrectionInputs = ({ typed }: { readonly typed: TypedCorrection }) => {
  const { t, locale } = useLanguage();
  const api = useDepotStore((s) => s.api);
  const [programme, setProgramme] = useState<ProgrammeView | null>(null);
  const { named, site, setSite, point, setPoint, fields, setFields } = typed;

  useEffect(() => {
    void api?.settings.get().then((r) => r.ok && setProgramme(r.value.programme));
  }, [api]);

  return (
    <div className="row">
      {named && programme !== null
        ? programme.fields.map((f) => (
            <TextField
              key={f.name}
              label={f.label[locale]}
              name={`correct-${f.name}`}
              value={fields[f.name] ?? ''}
              autoComplete="off"
              onValue={(v) => setFields({ ...fields, [f.name]: v })}
            />
          ))
        : !named && (
            <>
              <TextField label={t('new.site')} name="correct-site" value={site} onValue={setSite} />
              <TextField
                label={t('new.point')}
                name="correct-point"
                value={point}
                onValue={setPoint}
              />
            </>
          )}
    </div>
  );
};
