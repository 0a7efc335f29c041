import { useState } from 'react';
import { useDepotStore } from '../store/useDepotStore';

type Update = string | ((v: string) => string);

export type NightFields = {
  readonly site: string;
  readonly point: string;
  readonly night: string;
  /** A programme's fields, by name (they replace site and point). */
  readonly fields: Readonly<Record<string, string>>;
  readonly setSite: (update: Update) => void;
  readonly setPoint: (update: Update) => void;
  readonly setNight: (update: Update) => void;
  readonly setFields: (next: Readonly<Record<string, string>>) => void;
  /** The values a programme's profile remembers, shown without counting as typed. */
  readonly restoreFields: (next: Readonly<Record<string, string>>) => void;
};

/**
 * What the volunteer types about the night (site, point, date, a programme's fields): kept in the
 * store's draft as it is typed, so it stays when they look at another screen (issue 31, item 12).
 */
export const useNightFields = (): NightFields => {
  const draft = useDepotStore((s) => s.draft);
  const setDraft = useDepotStore((s) => s.setDraft);
  const [site, setSiteState] = useState(draft.site);
  const [point, setPointState] = useState(draft.point);
  const [night, setNightState] = useState(draft.night);
  const [fields, setFieldsState] = useState<Readonly<Record<string, string>>>(draft.fields ?? {});
  const drafted =
    (set: (f: (v: string) => string) => void, key: 'site' | 'point' | 'night') =>
    (update: Update): void =>
      set((v) => {
        const next = typeof update === 'function' ? update(v) : update;
        setDraft({ [key]: next });
        return next;
      });
  return {
    site,
    point,
    night,
    fields,
    setSite: drafted(setSiteState, 'site'),
    setPoint: drafted(setPointState, 'point'),
    setNight: drafted(setNightState, 'night'),
    setFields: (next) => {
      setFieldsState(next);
      setDraft({ fields: next });
    },
    restoreFields: setFieldsState,
  };
};
