import { useEffect, useState } from 'react';
import type { ProgrammeView } from '../../shared/ipc/views';
import { useT } from '../i18n/useT';
import { useDepotStore } from '../store/useDepotStore';
import type { TypedCorrection } from './useTypedCorrection';

/** The night's new destination typed: its programme's fields (once read), or site and point. */
export const CorrectionInputs = ({ typed }: { readonly typed: TypedCorrection }) => {
  const t = useT();
  const api = useDepotStore((s) => s.api);
  const locale = useDepotStore((s) => s.locale);
  const [programme, setProgramme] = useState<ProgrammeView | null>(null);
  const { named, site, setSite, point, setPoint, fields, setFields } = typed;

  useEffect(() => {
    void api?.settings.get().then((r) => r.ok && setProgramme(r.value.programme));
  }, [api]);

  return (
    <div className="row">
      {named && programme !== null
        ? programme.fields.map((f) => (
            <label key={f.name}>
              {f.label[locale]}
              <input
                name={`correct-${f.name}`}
                value={fields[f.name] ?? ''}
                autoComplete="off"
                onChange={(e) => setFields({ ...fields, [f.name]: e.target.value })}
              />
            </label>
          ))
        : !named && (
            <>
              <label>
                {t('new.site')}
                <input name="correct-site" value={site} onChange={(e) => setSite(e.target.value)} />
              </label>
              <label>
                {t('new.point')}
                <input
                  name="correct-point"
                  value={point}
                  onChange={(e) => setPoint(e.target.value)}
                />
              </label>
            </>
          )}
    </div>
  );
};
