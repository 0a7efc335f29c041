import { readFile, stat } from 'node:fs/promises';
import { MAX_PROFILE_BYTES } from '../../shared/programme/parseProgrammeProfile';
import { profileProblemText } from '../../shared/programme/profileProblemText';
import type { Handlers } from '../ipc/Handlers';
import { IpcFailure } from '../ipc/IpcFailure';
import { errnoOf } from '../errnoOf';
import type { BackendConfig } from './BackendConfig';
import type { DepotBackendDeps } from './DepotBackendDeps';
import type { EventRelay } from './EventRelay';
import { expandHome } from './expandHome';
import type { PlanRuns } from './PlanRuns';
import { restartEngine } from './restartEngine';

type ProgrammeHandlers = Pick<
  Handlers,
  'programme.import' | 'programme.remove' | 'dialog.chooseProgramme'
>;

/** A profile's text from its path: a file far larger than a profile is refused as such, unread. */
const readProfile = async (path: string): Promise<string> => {
  try {
    if ((await stat(path)).size > MAX_PROFILE_BYTES) {
      const problem = { kind: 'too-large', maxBytes: MAX_PROFILE_BYTES } as const;
      throw new IpcFailure('invalid-input', profileProblemText(problem), {
        kind: 'programme-invalid',
        problem,
      });
    }
    return await readFile(path, 'utf8');
  } catch (error) {
    if (error instanceof IpcFailure) throw error;
    throw new IpcFailure('invalid-input', `${path}: ${errnoOf(error) ?? String(error)}`, {
      kind: 'programme-unreadable',
      path,
    });
  }
};

/**
 * A programme's profile in the app (issue 29): imported from a path (the file picker, or typed
 * through the bridge) or from a dropped file's text, refused whole with its problem; removed to
 * type the settings by hand again. What the profile fixes takes effect as a settings change
 * does: for nights created after it.
 */
export const programmeHandlers = (
  config: BackendConfig,
  runs: PlanRuns,
  relay: EventRelay,
  deps: Pick<DepotBackendDeps, 'chooseProgramme'>,
  home: string,
): ProgrammeHandlers => ({
  'programme.import': async (input) => {
    const text = 'text' in input ? input.text : await readProfile(expandHome(input.path, home));
    const engineChanged = await config.importProgramme(text);
    if (engineChanged) await restartEngine(config, runs, relay, false);
    return config.settingsView();
  },
  'programme.remove': async () => {
    if (await config.removeProgramme()) await restartEngine(config, runs, relay, false);
    return config.settingsView();
  },
  'dialog.chooseProgramme': () =>
    deps.chooseProgramme?.() ?? Promise.resolve({ kind: 'unsupported' as const }),
});
