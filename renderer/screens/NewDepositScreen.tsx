import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import type { IpcError } from '../../shared/ipc/Result';
import type {
  DestinationPreview,
  Locale,
  NamesPreview,
  PreflightView,
  ProgrammeView,
  SourceChangeView,
} from '../../shared/ipc/views';
import { wholeMatch } from '../../shared/programme/wholeMatch';
import { nightContradiction } from '../../shared/field/nightContradiction';
import type { NightContradiction } from '../../shared/field/nightContradiction';
import { formatDateTime } from '../format/formatClock';
import { destinationOf } from '../format/destinationOf';
import { formatBytes } from '../format/formatBytes';
import { formatNight } from '../format/formatNight';
import { NightDateField } from '../components/NightDateField';
import { ParticipationPicker } from '../components/ParticipationPicker';
import { droppedFolder } from '../api/droppedFolder';
import { errorText } from '../i18n/errorText';
import { useT } from '../i18n/useT';
import { useDepotStore } from '../store/useDepotStore';

/** `ven. 12 juin 2026 21:00 → sam. 13 juin 2026 05:56`, as the recorder's clock said. */
const spanText = (span: { first: string; last: string }, locale: Locale): string => {
  const side = (wall: string): string =>
    `${formatNight(wall.slice(0, 10), locale)} ${wall.slice(11, 16)}`;
  return `${side(span.first)} → ${side(span.last)}`;
};

export const NewDepositScreen = () => {
  const t = useT();
  const locale = useDepotStore((s) => s.locale);
  const api = useDepotStore((s) => s.api);
  const openPlan = useDepotStore((s) => s.openPlan);
  const refresh = useDepotStore((s) => s.refreshPlans);
  const go = useDepotStore((s) => s.go);
  const draft = useDepotStore((s) => s.draft);
  const setDraft = useDepotStore((s) => s.setDraft);
  const correct = useDepotStore((s) => s.correct);
  // What was typed stays when the volunteer looks at another screen (issue 31, item 12).
  const [dir, setDirState] = useState(draft.dir);
  const setDir = (value: string): void => {
    setDirState(value);
    setDraft({ dir: value });
  };
  const [report, setReport] = useState<PreflightView | null>(null);
  // Which analysis the summary shows: a second folder's summary replaces the first's in place,
  // and whoever reads it (a person, a test) must know it is the new one.
  const [analyses, setAnalyses] = useState(0);
  const [site, setSiteState] = useState(draft.site);
  const [point, setPointState] = useState(draft.point);
  const [night, setNightState] = useState(draft.night);
  const setSite = (update: string | ((v: string) => string)): void =>
    setSiteState((v) => {
      const next = typeof update === 'function' ? update(v) : update;
      setDraft({ site: next });
      return next;
    });
  const setPoint = (update: string | ((v: string) => string)): void =>
    setPointState((v) => {
      const next = typeof update === 'function' ? update(v) : update;
      setDraft({ point: next });
      return next;
    });
  const setNight = (update: string | ((v: string) => string)): void =>
    setNightState((v) => {
      const next = typeof update === 'function' ? update(v) : update;
      setDraft({ night: next });
      return next;
    });
  /** One card, one deposit: a second copy only when the volunteer says so (issue 31). */
  const [copy, setCopy] = useState(false);
  /** The typed night contradicts the recordings' own dates: asked before depositing. */
  const [contradiction, setContradiction] = useState<NightContradiction | null>(null);
  const [skipInvalid, setSkipInvalid] = useState(false);
  /** A folder of several nights: each under its own date (one plan each), or one of them. */
  const [nightsMode, setNightsMode] = useState<'each' | 'one'>('each');
  /** The folder changed since it was planned: what changed, before "Déposer les changements". */
  const [changes, setChanges] = useState<readonly SourceChangeView[] | null>(null);
  const [busy, setBusy] = useState<'checking' | 'starting' | null>(null);
  // A refusal from the backend (said from its reason), or a sentence this screen wrote itself.
  const [error, setError] = useState<IpcError | string | null>(null);
  const [canChoose, setCanChoose] = useState(true);
  const [destinations, setDestinations] = useState<readonly DestinationPreview[]>([]);
  /** The programme profile in use: its fields replace site and point, its names the paths. */
  const [programme, setProgramme] = useState<ProgrammeView | null>(null);
  const [fields, setFieldsState] = useState<Readonly<Record<string, string>>>(draft.fields ?? {});
  const setFields = (next: Readonly<Record<string, string>>): void => {
    setFieldsState(next);
    setDraft({ fields: next });
  };
  const [names, setNames] = useState<NamesPreview>({ kind: 'no-programme' });
  /** A programme's portal (ADR 0032): the participation the night goes into. */
  const [participation, setParticipation] = useState<string | null>(null);
  const portal = programme?.destination.kind === 'vigiechiro';

  useEffect(() => {
    // The bridge has no native dialog: the path field is the way there.
    void api?.app.info().then((r) => r.ok && r.value.mode === 'bridge' && setCanChoose(false));
    void api?.settings.get().then((r) => {
      if (!r.ok) return;
      setProgramme(r.value.programme);
      // The values given last time (a volunteer's carré and point rarely change), unless typed.
      if (useDepotStore.getState().draft.fields === null)
        setFieldsState(r.value.programme?.lastFields ?? {});
    });
  }, [api]);

  /** Each field's problem as typed: empty, or not matching its pattern (live, as the backend checks). */
  const fieldProblem = (name: string, pattern: string): 'missing' | 'invalid' | null => {
    const value = (fields[name] ?? '').trim();
    if (value === '') return 'missing';
    return wholeMatch(pattern).test(value) ? null : 'invalid';
  };
  const fieldsReady =
    programme === null || programme.fields.every((f) => fieldProblem(f.name, f.pattern) === null);

  // Back on this screen with a folder typed before: its summary comes back too.
  useEffect(() => {
    if (draft.dir !== '' && report === null) void check(draft.dir, true);
    // Only when the screen opens: `check` and the draft then move with what is typed.
  }, []);

  // Only the last analysis asked speaks: the folder typed last time, analysed again as the screen
  // opens, must never replace the summary of the folder typed since.
  const lastCheck = useRef(0);
  const check = async (path: string, keepTyped = false): Promise<void> => {
    if (api === undefined || path.trim() === '') return;
    const asked = ++lastCheck.current;
    setBusy('checking');
    setError(null);
    const result = await api.preflight.run({ dir: path.trim() });
    if (asked !== lastCheck.current) return;
    setBusy(null);
    if (!result.ok) {
      setReport(null);
      setError(result.error);
      return;
    }
    const sameFolder = keepTyped || (report !== null && report.dir === result.value.dir);
    setReport(result.value);
    setAnalyses((n) => n + 1);
    setChanges(null);
    setCopy(false);
    setContradiction(null);
    // A participation is one night: a portal's folder of several is deposited a night at a time.
    setNightsMode(programme?.destination.kind === 'vigiechiro' ? 'one' : 'each');
    // The backend expanded `~` and resolved the path: show what was analysed.
    setDir(result.value.dir);
    // A new folder brings its own date and site: what was typed for another folder must not stay.
    const keep = (typed: string, suggested: string | null): string =>
      sameFolder ? typed || (suggested ?? '') : (suggested ?? '');
    setSite((v) => keep(v, result.value.suggested.site));
    setPoint((v) => keep(v, result.value.suggested.point));
    setNight((v) => keep(v, result.value.suggested.night));
  };

  const choose = async (): Promise<void> => {
    if (api === undefined) return;
    const result = await api.dialog.chooseFolder();
    if (!result.ok) return;
    if (result.value.kind === 'unsupported') setCanChoose(false);
    if (result.value.kind === 'chosen') {
      setDir(result.value.path);
      await check(result.value.path);
    }
  };

  const several = report !== null && report.nights.length > 1;

  useEffect(() => {
    // Where the night(s) will go, expanded by the backend's own expandPrefix as the fields change.
    if (api === undefined || report === null) {
      setDestinations([]);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      void api.plans
        .previewDestination({ dir: report.dir, site, point, fields, night })
        .then((r) => current && setDestinations(r.ok ? r.value : []));
    }, 200);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [api, report, site, point, night, fields]);

  useEffect(() => {
    // The names the programme gives the files, made by the backend as the deposit will make them.
    if (api === undefined || report === null || programme === null) {
      setNames({ kind: 'no-programme' });
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      void api.plans
        .previewNames({
          dir: report.dir,
          fields,
          night,
          nights: report.nights.length > 1 ? nightsMode : 'one',
        })
        .then((r) => current && setNames(r.ok ? r.value : { kind: 'no-programme' }));
    }, 200);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [api, report, programme, fields, night, nightsMode]);
  const nameIssues = names.kind === 'named' ? names.issues : [];
  const shownDestinations =
    several && nightsMode === 'one' ? destinations.filter((d) => d.night === night) : destinations;

  const deposit = async (update: boolean, confirmedNight = false): Promise<void> => {
    if (api === undefined || report === null) return;
    // A night typed by hand that the recordings' own dates contradict: asked first, naming both.
    const contradicted = several
      ? undefined
      : nightContradiction(
          night,
          report.nights.map((n) => n.night),
        );
    if (!confirmedNight && contradicted !== undefined) {
      setContradiction(contradicted);
      return;
    }
    setContradiction(null);
    setBusy('starting');
    setError(null);
    const result = await api.plans.create({
      dir: report.dir,
      ...(programme === null ? { site, point } : { fields }),
      night,
      skipInvalid,
      nights: several ? nightsMode : 'one',
      update,
      copy,
      ...(participation === null ? {} : { participationId: participation }),
    });
    setBusy(null);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    const outcome = result.value;
    if (outcome.kind === 'changed') {
      setChanges(outcome.changes);
      return;
    }
    if (outcome.kind === 'nights-share-prefix') {
      setError(t('new.nightsSharePrefix', { template: outcome.template, placeholder: '{night}' }));
      return;
    }
    setChanges(null);
    await refresh();
    const [first] = outcome.plans;
    if (outcome.plans.length > 1 || first === undefined) go('nights');
    else openPlan(first.id);
  };

  const start = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    await deposit(false);
  };

  // "Several nights" blocks nothing once the volunteer chose how to deposit them; a name the
  // programme cannot use blocks like the pre-flight's own problems.
  const blocking =
    (report === null
      ? 0
      : several
        ? report.issues.filter((i) => i.decision === 'block' && i.kind !== 'several-nights').length
        : report.blocking) + nameIssues.filter((i) => i.decision === 'block').length;
  const blocked = blocking > 0 && !skipInvalid;
  // ...and the choice below asks the question itself, with the nights' dates in words: the
  // pre-flight's line (ISO dates, "bloquant") would contradict it.
  const issues = [
    ...(report === null
      ? []
      : several
        ? report.issues.filter((i) => i.kind !== 'several-nights')
        : report.issues),
    ...nameIssues,
  ];

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
        setDir(path);
        void check(path);
      }}
    >
      <h1 id="new-title">{t('new.title')}</h1>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          void check(dir);
        }}
      >
        <label className="grow">
          {t('new.folder')}
          <input
            name="dir"
            value={dir}
            onChange={(e) => setDir(e.target.value)}
            aria-describedby="dir-hint"
            autoComplete="off"
          />
          <small id="dir-hint">
            {t('new.folderHint')} {window.depotFiles !== undefined && t('new.dropHint')}
          </small>
        </label>
        {canChoose && (
          <button type="button" onClick={() => void choose()}>
            {t('new.choose')}
          </button>
        )}
        <button type="submit" disabled={busy !== null || dir.trim() === ''}>
          {busy === 'checking' ? t('new.checking') : t('new.check')}
        </button>
      </form>
      {error !== null && (
        <p className="error" role="alert">
          {t('error.generic', {
            message: typeof error === 'string' ? error : errorText(error, t, locale),
          })}
        </p>
      )}
      {report !== null && (
        <form onSubmit={(e) => void start(e)} aria-labelledby="summary-title">
          <h2 id="summary-title">{t('new.summary')}</h2>
          <dl className="facts" data-testid="preflight" data-analysis={analyses}>
            <dt>{t('new.files')}</dt>
            <dd>{report.files}</dd>
            <dt>{t('new.totalSize')}</dt>
            <dd>{formatBytes(report.totalBytes, locale)}</dd>
            <dt>{t('new.skippedJunk')}</dt>
            <dd>{report.skippedJunk}</dd>
            <dt>{t('new.nights')}</dt>
            <dd>
              {report.nights
                .map((n) => `${formatNight(n.night, locale)} (${n.files})`)
                .join(', ') || '—'}
            </dd>
            <dt>{t('new.timeZone')}</dt>
            <dd>{report.timeZone ?? '—'}</dd>
            <dt>{t('new.span')}</dt>
            <dd data-testid="span">{report.span == null ? '—' : spanText(report.span, locale)}</dd>
            {report.recorders !== undefined && report.recorders.length > 1 ? (
              <>
                <dt>{t('new.recorders')}</dt>
                <dd data-testid="recorders">
                  {report.recorders.map((r) => (
                    <div key={r}>{r}</div>
                  ))}
                </dd>
              </>
            ) : (
              <>
                <dt>{t('new.recorder')}</dt>
                <dd>{report.recorder ?? '—'}</dd>
              </>
            )}
            <dt>{t('new.destination')}</dt>
            <dd data-testid="destination">
              {programme?.destination.kind === 'vigiechiro' ? (
                <code>
                  {programme.destination.api}
                  {participation === null ? '' : ` › ${participation}`}
                </code>
              ) : shownDestinations.length === 0 ? (
                '—'
              ) : (
                shownDestinations.map((d) => (
                  <div key={d.night} data-night={d.night}>
                    {several &&
                      `${t('new.destinationNight', { night: formatNight(d.night, locale) })} `}
                    <code>{destinationOf({ ...d, prefix: d.prefix ?? d.template })}</code>
                    {d.prefix === null && ` ${t('new.destinationIncomplete')}`}
                  </div>
                ))
              )}
            </dd>
            {programme !== null && (
              <>
                <dt>{t('new.programme')}</dt>
                <dd data-testid="programme-name">{programme.name}</dd>
                <dt>{t('new.names')}</dt>
                <dd data-testid="names">
                  {names.kind !== 'named' ? (
                    <span className="quiet">{t('new.namesIncomplete')}</span>
                  ) : (
                    <>
                      <div>{t('new.namesCount', { named: names.named, total: names.total })}</div>
                      <ul className="names">
                        {names.examples.map((e) => (
                          <li key={e.relPath} data-path={e.relPath}>
                            <code>{e.relPath}</code> → <code>{e.key}</code>
                          </li>
                        ))}
                      </ul>
                      <small>{t('new.cardUntouched')}</small>
                    </>
                  )}
                </dd>
              </>
            )}
          </dl>
          {report.deposits !== undefined && report.deposits.length > 0 && (
            <section
              className="warning"
              data-testid="card-deposits"
              aria-labelledby="deposits-title"
            >
              <h3 id="deposits-title">{t('new.deposits.title')}</h3>
              <ul>
                {report.deposits.map((d) => (
                  <li key={d.planId} data-plan-id={d.planId} data-state={d.state}>
                    {t(d.state === 'done' ? 'new.deposits.done' : 'new.deposits.going', {
                      night: d.night === null ? '—' : formatNight(d.night, locale),
                      destination: destinationOf(d.destination),
                      since: formatDateTime(d.completedAt ?? d.createdAt, locale),
                      files: d.files,
                      state: t(`state.${d.state}`).toLocaleLowerCase(locale),
                    })}
                    <div className="actions">
                      <button
                        type="button"
                        data-action="open-deposit"
                        onClick={() => openPlan(d.planId)}
                      >
                        {t('new.deposits.open')}
                      </button>
                      {d.state !== 'removing' && (
                        <button
                          type="button"
                          data-action="correct-deposit"
                          onClick={() =>
                            correct(
                              d.planId,
                              programme === null ? { site, point, fields: {} } : { fields },
                            )
                          }
                        >
                          {t('new.deposits.correct')}
                        </button>
                      )}
                    </div>
                  </li>
                ))}
              </ul>
              <label className="check">
                <input
                  type="checkbox"
                  name="copy"
                  checked={copy}
                  onChange={(e) => setCopy(e.target.checked)}
                />{' '}
                {t('new.deposits.copy')}
              </label>
            </section>
          )}
          <h3>{t('new.warnings')}</h3>
          {issues.length === 0 ? (
            <p>{t('new.noWarnings')}</p>
          ) : (
            <ul className="issues">
              {issues.slice(0, 50).map((issue) => (
                <li key={`${issue.relPath}:${issue.kind}`} data-decision={issue.decision}>
                  <strong>{t(`new.decision.${issue.decision}`)}</strong> ·{' '}
                  {issue.relPath !== '' && <code>{issue.relPath}</code>}
                  {issue.relPath !== '' && ' — '}
                  {issue.message[locale]}
                </li>
              ))}
            </ul>
          )}
          {blocking > 0 && (
            <p className="warning">
              <span aria-hidden="true">! </span>
              {t('new.blocking', { count: blocking })}{' '}
              <label>
                <input
                  type="checkbox"
                  checked={skipInvalid}
                  onChange={(e) => setSkipInvalid(e.target.checked)}
                />{' '}
                {t('new.skipInvalid')}
              </label>
            </p>
          )}
          {several && (
            <fieldset className="nights-choice" data-testid="nights-choice">
              <legend>{t('new.severalNights', { count: report.nights.length })}</legend>
              <label className="check" hidden={portal}>
                <input
                  type="radio"
                  name="nights"
                  value="each"
                  checked={nightsMode === 'each'}
                  onChange={() => setNightsMode('each')}
                />{' '}
                {t('new.eachNight', { count: report.nights.length })}
              </label>
              <label className="check">
                <input
                  type="radio"
                  name="nights"
                  value="one"
                  checked={nightsMode === 'one'}
                  onChange={() => {
                    setNightsMode('one');
                    if (!report.nights.some((n) => n.night === night))
                      setNight(report.nights[0]?.night ?? '');
                  }}
                />{' '}
                {t('new.oneNight')}
              </label>
            </fieldset>
          )}
          <div className="row">
            {programme === null ? (
              <>
                <label>
                  {t('new.site')}
                  <input
                    name="site"
                    required
                    value={site}
                    onChange={(e) => setSite(e.target.value)}
                  />
                </label>
                <label>
                  {t('new.point')}
                  <input
                    name="point"
                    required
                    value={point}
                    onChange={(e) => setPoint(e.target.value)}
                  />
                </label>
              </>
            ) : (
              programme.fields.map((f) => {
                const problem = fieldProblem(f.name, f.pattern);
                const value = fields[f.name] ?? '';
                return (
                  <label key={f.name} className="programme-field">
                    {f.label[locale]}
                    <input
                      name={`field-${f.name}`}
                      value={value}
                      placeholder={f.example ?? undefined}
                      autoComplete="off"
                      aria-invalid={problem !== null}
                      aria-describedby={`field-${f.name}-hint`}
                      onChange={(e) => setFields({ ...fields, [f.name]: e.target.value })}
                    />
                    <small id={`field-${f.name}-hint`}>
                      {t('programme.fieldHint', { pattern: f.pattern })}
                      {f.example !== null &&
                        ` (${t('programme.fieldExample', { example: f.example })})`}
                    </small>
                    {problem === 'invalid' && (
                      <small className="field-problem" role="alert">
                        {t('programme.fieldInvalid', { value: value.trim(), pattern: f.pattern })}
                      </small>
                    )}
                  </label>
                );
              })
            )}
            {!several ? (
              <NightDateField value={night} onChange={setNight} />
            ) : (
              nightsMode === 'one' && (
                <label>
                  {t('new.night')}
                  <select name="night" value={night} onChange={(e) => setNight(e.target.value)}>
                    {report.nights.map((n) => (
                      <option key={n.night} value={n.night}>
                        {t(n.files === 1 ? 'new.nightOption.one' : 'new.nightOption', {
                          night: formatNight(n.night, locale),
                          files: n.files,
                        })}
                      </option>
                    ))}
                  </select>
                </label>
              )
            )}
          </div>
          {contradiction !== null && (
            <div className="warning" role="alert" data-testid="night-contradiction">
              <p>
                {t('new.contradiction', {
                  typed: formatNight(contradiction.typed, locale),
                  recorded: contradiction.recorded.map((n) => formatNight(n, locale)).join(', '),
                })}
              </p>
              <div className="actions">
                <button
                  type="button"
                  data-action="keep-typed-night"
                  onClick={() => void deposit(changes !== null, true)}
                >
                  {t('new.contradiction.keep', { typed: formatNight(contradiction.typed, locale) })}
                </button>
                <button
                  type="button"
                  className="primary"
                  data-action="take-recorded-night"
                  onClick={() => {
                    setNight(contradiction.recorded[0] ?? night);
                    setContradiction(null);
                  }}
                >
                  {t('new.contradiction.take', {
                    recorded: formatNight(contradiction.recorded[0] ?? '', locale),
                  })}
                </button>
              </div>
            </div>
          )}
          {portal && (
            <ParticipationPicker
              dir={report.dir}
              night={night}
              point={fields['point'] ?? ''}
              value={participation}
              onChange={setParticipation}
            />
          )}
          {portal && participation === null && (
            <p className="quiet" data-testid="needs-participation">
              {t('new.needsParticipation')}
            </p>
          )}
          {changes === null ? (
            <button
              type="submit"
              className="primary"
              disabled={
                busy !== null || blocked || !fieldsReady || (portal && participation === null)
              }
            >
              {busy === 'starting'
                ? t('new.starting')
                : several && nightsMode === 'each'
                  ? t('new.startEach', { count: report.nights.length })
                  : t('new.start')}
            </button>
          ) : (
            <section aria-labelledby="changes-title" data-testid="changes">
              <h3 id="changes-title">{t('new.changed', { count: changes.length })}</h3>
              <ul className="issues">
                {changes.slice(0, 50).map((c) => (
                  <li key={`${c.night}:${c.relPath}`} data-change={c.change}>
                    <strong>{t(`new.change.${c.change}`)}</strong> · <code>{c.relPath}</code>
                    {several && ` (${formatNight(c.night, locale)})`}
                    {c.change === 'removed' &&
                      ` ${t(c.onServer === true ? 'new.change.removedOnServer' : 'new.change.removedNotSent')}`}
                    {c.change !== 'removed' &&
                      c.onServer === true &&
                      ` ${t('new.change.changedOnServer')}`}
                  </li>
                ))}
              </ul>
              {changes.length > 50 && <p>{t('new.changedMore', { count: changes.length - 50 })}</p>}
              <p>{t('new.changedExplain')}</p>
              <button
                type="button"
                className="primary"
                disabled={busy !== null || blocked || !fieldsReady}
                onClick={() => void deposit(true)}
              >
                {busy === 'starting' ? t('new.starting') : t('new.depositChanges')}
              </button>
            </section>
          )}
        </form>
      )}
    </section>
  );
};
