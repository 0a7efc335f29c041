import type { NamingProgramme } from '../nights/NamingProgramme';
import type { PreparedFolder } from '../nights/prepareFolder';
import { prepareFolder } from '../nights/prepareFolder';
import type { CommandIo } from './Command';
import { sayFolderRefusal } from './sayFolderRefusal';

/** The options of the commands that read a folder's nights (`depot deposit`, `depot verify`). */
export const folderOptions = {
  prefix: { type: 'string' },
  night: { type: 'string' },
  tz: { type: 'string' },
  'skip-invalid': { type: 'boolean', default: false },
  'read-back': { type: 'boolean', default: false },
  json: { type: 'boolean', default: false },
} as const;

/**
 * `prepareFolder` for a deposit (S3 or portal), its refusal said as `depot deposit` says it: the
 * nights to deposit, or the exit code of what was written.
 */
export const readFolder = async (
  dir: string,
  v: {
    readonly tz?: string;
    readonly prefix: string;
    readonly night?: string;
    readonly 'skip-invalid': boolean;
  },
  programme: NamingProgramme | undefined,
  io: CommandIo,
  usageError: (message: string) => number,
): Promise<PreparedFolder | number> => {
  const prepared = await prepareFolder({
    dir,
    purpose: 'deposit',
    prefix: v.prefix,
    ...(v.night === undefined ? {} : { night: v.night }),
    ...(v.tz === undefined ? {} : { tz: v.tz }),
    skipInvalid: v['skip-invalid'],
    ...(programme === undefined ? {} : { programme }),
    signal: io.signal,
  });
  return prepared.kind === 'prepared'
    ? prepared
    : sayFolderRefusal('deposit', prepared, io, usageError);
};
