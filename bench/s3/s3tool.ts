// Bench-side S3 chores, run inside the server's namespace so they never cross the shaped link:
//   mkbucket BUCKET | verify BUCKET PREFIX MANIFEST_JSON | purge BUCKET PREFIX
// Endpoint and keys come from BENCH_S3_ENDPOINT, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY.
// Prints one JSON line.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CreateBucketCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import type { ManifestEntry } from './ManifestEntry';
import type { VerifyReport } from './VerifyReport';

const client = new S3Client({
  endpoint: process.env.BENCH_S3_ENDPOINT,
  region: process.env.AWS_REGION ?? 'us-east-1',
  forcePathStyle: true,
  maxAttempts: 3,
  requestChecksumCalculation: 'WHEN_REQUIRED',
});

const listObjects = async (bucket: string, prefix: string): Promise<Map<string, number>> => {
  const found = new Map<string, number>();
  let token: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
    );
    for (const o of page.Contents ?? []) if (o.Key !== undefined) found.set(o.Key, o.Size ?? 0);
    token = page.IsTruncated === true ? page.NextContinuationToken : undefined;
  } while (token !== undefined);
  return found;
};

const listUploads = async (bucket: string, prefix: string) => {
  const uploads: { key: string; uploadId: string }[] = [];
  let keyMarker: string | undefined;
  let uploadIdMarker: string | undefined;
  for (let page = 0; page < 1000; page++) {
    const out = await client.send(
      new ListMultipartUploadsCommand({
        Bucket: bucket,
        Prefix: prefix,
        KeyMarker: keyMarker,
        UploadIdMarker: uploadIdMarker,
      }),
    );
    for (const u of out.Uploads ?? []) {
      if (u.Key !== undefined && u.UploadId !== undefined) {
        uploads.push({ key: u.Key, uploadId: u.UploadId });
      }
    }
    if (out.IsTruncated !== true) break;
    keyMarker = out.NextKeyMarker;
    uploadIdMarker = out.NextUploadIdMarker;
  }
  return uploads;
};

const sha256Of = async (bucket: string, key: string): Promise<string> => {
  const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  const hash = createHash('sha256');
  for await (const chunk of out.Body as Readable) hash.update(chunk as Buffer);
  return hash.digest('hex');
};

const verify = async (
  bucket: string,
  prefix: string,
  manifestFile: string,
): Promise<VerifyReport> => {
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as ManifestEntry[];
  const objects = await listObjects(bucket, prefix);
  const missing: string[] = [];
  const mismatched: string[] = [];
  let verified = 0;
  let verifiedBytes = 0;
  for (const entry of manifest) {
    const key = `${prefix}${entry.relativePath}`;
    const size = objects.get(key);
    if (size === undefined) missing.push(entry.relativePath);
    else if (size !== entry.size || (await sha256Of(bucket, key)) !== entry.sha256) {
      mismatched.push(entry.relativePath);
    } else {
      verified++;
      verifiedBytes += entry.size;
    }
  }
  const expected = new Set(manifest.map((e) => `${prefix}${e.relativePath}`));
  const extra = [...objects.keys()].filter((k) => !expected.has(k));
  const openUploads = await listUploads(bucket, prefix);
  return {
    files: manifest.length,
    verified,
    verifiedBytes,
    missing,
    mismatched,
    extraObjects: extra,
    openMultipartUploads: openUploads.length,
  };
};

const purge = async (bucket: string, prefix: string) => {
  const keys = [...(await listObjects(bucket, prefix)).keys()];
  for (let i = 0; i < keys.length; i += 1000) {
    await client.send(
      new DeleteObjectsCommand({
        Bucket: bucket,
        Delete: { Objects: keys.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true },
      }),
    );
  }
  const uploads = await listUploads(bucket, prefix);
  for (const u of uploads) {
    await client.send(
      new AbortMultipartUploadCommand({ Bucket: bucket, Key: u.key, UploadId: u.uploadId }),
    );
  }
  return { deleted: keys.length, aborted: uploads.length };
};

const main = async (argv: readonly string[]): Promise<unknown> => {
  const [command, bucket = '', prefix = '', manifest = ''] = argv;
  if (command === 'mkbucket') {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
    return { created: bucket };
  }
  if (command === 'verify') return verify(bucket, prefix, manifest);
  if (command === 'purge') return purge(bucket, prefix);
  throw new Error(`unknown command ${command}`);
};

try {
  process.stdout.write(`${JSON.stringify(await main(process.argv.slice(2)))}\n`);
  client.destroy();
} catch (error) {
  process.stderr.write(`s3tool: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
