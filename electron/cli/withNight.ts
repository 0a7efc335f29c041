import type { PlanRecord } from '../store/PlanRecord';
import type { PlanStore } from '../store/PlanStore';
import type { CommandIo } from './Command';
import { nightEngine } from './nightEngine';
import { openPlanStore } from './openPlanStore';
import type { Credentials } from './resolveCredentials';
import { resolveCredentials } from './resolveCredentials';
import { DEFAULT_REGION } from './targetArgs';

/** What a command that acts on one night by its number works with. */
export type OpenNight = {
  readonly store: PlanStore;
  readonly plan: PlanRecord;
  readonly night: ReturnType<typeof nightEngine>;
  readonly credentials: Credentials;
};

/**
 * The commands that act on one night on its server (`depot remove`, `depot correct`): the store
 * opened, the plan found (exit 2 when there is none, or when `refuse` says why not), the
 * credentials read, the engine over the night's own target handed to `work`, and everything
 * closed whatever happens. Returns the exit code.
 */
export const withNight = async (
  command: string,
  io: CommandIo,
  planId: number,
  options: {
    readonly db?: string | undefined;
    readonly profile?: string | undefined;
    readonly region?: string | undefined;
    readonly 'path-style'?: boolean | undefined;
  },
  work: (open: OpenNight) => Promise<number>,
  refuse: (plan: PlanRecord) => string | undefined = () => undefined,
): Promise<number> => {
  const usage = (message: string): number => {
    io.stderr.write(`depot ${command}: ${message}\n`);
    return 2;
  };
  const store = openPlanStore(command, io, options.db);
  if (typeof store === 'number') return store;
  try {
    const plan = store.getPlan(planId);
    if (plan === undefined) return usage(`no plan ${planId}`);
    const refused = refuse(plan);
    if (refused !== undefined) return usage(refused);
    const credentials = resolveCredentials(io.env, options.profile);
    if (credentials === undefined)
      return usage(
        'no credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or use --profile / AWS_PROFILE',
      );
    const night = nightEngine(store, plan, credentials, {
      region: options.region ?? DEFAULT_REGION,
      pathStyle: options['path-style'] ?? false,
    });
    try {
      return await work({ store, plan, night, credentials });
    } finally {
      night.close();
    }
  } finally {
    store.close();
  }
};
