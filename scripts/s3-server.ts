// A real S3 server for the demo and the benchmarks: `npx tsx scripts/s3-server.ts start` prints
// one JSON line with its coordinates and runs until SIGTERM/SIGINT, then stops every process.
import { startS3Server } from '../test/support/s3server/startS3Server';

const usage = 'usage: npx tsx scripts/s3-server.ts start [--host H] [--port N] [--bucket NAME]...';

const main = async (argv: readonly string[]): Promise<number> => {
  const [command, ...rest] = argv;
  if (command !== 'start') {
    process.stderr.write(`${usage}\n`);
    return 2;
  }
  let host: string | undefined;
  let port: number | undefined;
  const buckets: string[] = [];
  for (let i = 0; i < rest.length; i += 2) {
    const [flag, value] = [rest[i], rest[i + 1]];
    if (value === undefined) {
      process.stderr.write(`${flag} needs a value\n${usage}\n`);
      return 2;
    }
    if (flag === '--host') host = value;
    else if (flag === '--port') port = Number(value);
    else if (flag === '--bucket') buckets.push(value);
    else {
      process.stderr.write(`unknown option ${flag}\n${usage}\n`);
      return 2;
    }
  }
  const server = await startS3Server({
    ...(host === undefined ? {} : { host }),
    ...(port === undefined ? {} : { port }),
    log: (line) => process.stderr.write(`s3-server: ${line}\n`),
  });
  for (const bucket of buckets) await server.createBucket(bucket);
  const { endpoint, region, accessKeyId, secretAccessKey, pids, dir } = server;
  process.stdout.write(
    `${JSON.stringify({ endpoint, region, accessKeyId, secretAccessKey, pids, dir })}\n`,
  );
  await new Promise<void>((resolve) => {
    process.once('SIGTERM', () => resolve());
    process.once('SIGINT', () => resolve());
  });
  await server.stop();
  return 0;
};

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
