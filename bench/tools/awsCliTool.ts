import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sh } from '../lab/Cleanup';
import type { Tool } from './Tool';

const MIB = 1024 * 1024;
/** Debian's AWS CLI by absolute path: `aws` on PATH may be a pyenv shim. */
const AWS = '/usr/bin/aws';

/**
 * The AWS CLI 2.9 from Debian with its defaults (`s3 sync`: 10 concurrent requests, multipart
 * above 8 MiB in 8 MiB parts). Config and credentials files are private temporary files.
 */
export const awsCliTool = (): Tool => ({
  name: 'aws-cli',
  version: sh([AWS, '--version']).trim().split(' ')[0] ?? 'aws-cli',
  partBytes: 8 * MIB,
  partsInFlight: 10,
  settings: 'aws s3 sync, defaults: 10 concurrent requests, multipart above 8 MiB, 8 MiB parts',
  command(ctx) {
    const config = join(ctx.stateDir, 'aws-config');
    const credentials = join(ctx.stateDir, 'aws-credentials');
    writeFileSync(config, '[default]\ns3 =\n  addressing_style = path\n');
    writeFileSync(credentials, '');
    return {
      argv: [
        AWS,
        's3',
        'sync',
        ctx.nightDir,
        `s3://${ctx.bucket}/${ctx.prefix}`,
        '--endpoint-url',
        ctx.endpoint,
        '--no-progress',
      ],
      env: {
        HOME: ctx.stateDir,
        AWS_CONFIG_FILE: config,
        AWS_SHARED_CREDENTIALS_FILE: credentials,
        AWS_ACCESS_KEY_ID: ctx.accessKeyId,
        AWS_SECRET_ACCESS_KEY: ctx.secretAccessKey,
        AWS_DEFAULT_REGION: ctx.region,
        AWS_PAGER: '',
      },
    };
  },
  succeeded: (code) => code === 0,
});
