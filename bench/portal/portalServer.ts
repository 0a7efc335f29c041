// The Vigie-Chiro stand-in (test/support/vigiechiro) inside the lab's server namespace, beside its
// radosgw: started by bench/portal/measurePortalNight.ts with `ip netns exec`. Prints one JSON
// line (its endpoint, the volunteer's token and site), then answers stdin: `log` prints its
// request log and documents as one JSON line, `stop` closes it (and its bucket) and exits.
import { createInterface } from 'node:readline';
import { startPortalStandIn } from '../../test/support/vigiechiro/startPortalStandIn';

const env = (name: string): string => {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`portalServer: ${name} is not set`);
  return value;
};

const standIn = await startPortalStandIn({
  host: env('BENCH_PORTAL_HOST'),
  s3: {
    endpoint: env('BENCH_S3_ENDPOINT'),
    region: env('AWS_REGION'),
    accessKeyId: env('AWS_ACCESS_KEY_ID'),
    secretAccessKey: env('AWS_SECRET_ACCESS_KEY'),
    cephConf: env('BENCH_CEPH_CONF'),
  },
});
process.stdout.write(
  `${JSON.stringify({
    endpoint: standIn.endpoint,
    token: standIn.volunteer.token,
    siteId: standIn.volunteer.siteId,
  })}\n`,
);
for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'log') {
    process.stdout.write(
      `${JSON.stringify({ log: standIn.log(), fichiers: standIn.fichiers() })}\n`,
    );
  } else if (line === 'stop') {
    await standIn.close();
    process.exit(0);
  }
}
