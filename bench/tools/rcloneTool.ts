import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sh } from '../lab/Cleanup';
import type { Tool } from './Tool';

const MIB = 1024 * 1024;

/**
 * rclone from Debian with its defaults (4 transfers; single PUT below the 200 MiB upload cutoff,
 * 5 MiB chunks above), as a volunteer would run it. The remote lives in environment variables and
 * an empty temporary config file, so nothing lands in ~/.config.
 */
export const rcloneTool = (): Tool => ({
  name: 'rclone',
  version: sh(['rclone', 'version']).split('\n')[0]?.trim() ?? 'rclone',
  partBytes: 5 * MIB,
  partsInFlight: 4,
  settings: 'rclone copy, defaults: --transfers 4, upload cutoff 200 MiB, chunk 5 MiB',
  command(ctx) {
    const config = join(ctx.stateDir, 'rclone.conf');
    writeFileSync(config, '');
    return {
      argv: [
        'rclone',
        'copy',
        ctx.nightDir,
        `lab:${ctx.bucket}/${ctx.prefix}`,
        '--config',
        config,
        '--stats',
        '0',
        '--log-level',
        'NOTICE',
      ],
      env: {
        HOME: ctx.stateDir,
        XDG_CACHE_HOME: ctx.stateDir,
        RCLONE_CONFIG_LAB_TYPE: 's3',
        RCLONE_CONFIG_LAB_PROVIDER: 'Ceph',
        RCLONE_CONFIG_LAB_ENDPOINT: ctx.endpoint,
        RCLONE_CONFIG_LAB_REGION: ctx.region,
        RCLONE_CONFIG_LAB_ACCESS_KEY_ID: ctx.accessKeyId,
        RCLONE_CONFIG_LAB_SECRET_ACCESS_KEY: ctx.secretAccessKey,
        RCLONE_CONFIG_LAB_FORCE_PATH_STYLE: 'true',
      },
    };
  },
  succeeded: (code) => code === 0,
});
