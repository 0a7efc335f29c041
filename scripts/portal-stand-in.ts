// The Vigie-Chiro portal stand-in for manual use: `npx tsx scripts/portal-stand-in.ts` starts a
// throw-away radosgw (or uses the one DEPOT_S3_* and DEPOT_S3_CEPH_CONF name), then the stand-in,
// prints one JSON line (API address, sign-in page, the seeded volunteer's token and site) and runs
// until SIGTERM/SIGINT, then stops everything it started.
import { s3CoordinatesFromEnv } from '../test/support/s3server/S3Coordinates';
import { startS3Server } from '../test/support/s3server/startS3Server';
import { startPortalStandIn } from '../test/support/vigiechiro/startPortalStandIn';

const usage =
  'usage: npx tsx scripts/portal-stand-in.ts [--frontend URL] [--url-lifetime SECONDS] ' +
  '[--token-lifetime SECONDS]';

const main = async (argv: readonly string[]): Promise<number> => {
  const options: { frontendDomain?: string; urlLifetime?: number; tokenLifetime?: number } = {};
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1]];
    if (value === undefined) {
      process.stderr.write(`${flag} needs a value\n${usage}\n`);
      return 2;
    }
    if (flag === '--frontend') options.frontendDomain = value;
    else if (flag === '--url-lifetime') options.urlLifetime = Number(value);
    else if (flag === '--token-lifetime') options.tokenLifetime = Number(value);
    else {
      process.stderr.write(`unknown option ${flag}\n${usage}\n`);
      return 2;
    }
  }
  const given = s3CoordinatesFromEnv(process.env);
  const server =
    given?.cephConf === undefined
      ? await startS3Server({ log: (line) => process.stderr.write(`s3-server: ${line}\n`) })
      : undefined;
  const s3 = server === undefined ? given : { ...server, cephConf: `${server.dir}/ceph.conf` };
  if (s3 === undefined) throw new Error('no S3 server');
  const standIn = await startPortalStandIn({
    s3,
    ...(options.frontendDomain === undefined ? {} : { frontendDomain: options.frontendDomain }),
    ...(options.urlLifetime === undefined ? {} : { signedUrlLifetimeSeconds: options.urlLifetime }),
    ...(options.tokenLifetime === undefined ? {} : { tokenLifetimeSeconds: options.tokenLifetime }),
  });
  process.stdout.write(
    `${JSON.stringify({
      api: standIn.endpoint,
      signIn: `${standIn.endpoint}/login/google`,
      frontend: standIn.frontendDomain,
      volunteer: standIn.volunteer,
      bucket: standIn.s3.bucket,
      s3: standIn.s3.endpoint,
    })}\n`,
  );
  await new Promise<void>((resolve) => {
    process.once('SIGTERM', () => resolve());
    process.once('SIGINT', () => resolve());
  });
  await standIn.close();
  await server?.stop();
  return 0;
};

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
