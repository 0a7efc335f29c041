import { REQUEST_KINDS, requestKind, type RequestKind } from './RequestKind';
import type { ServerRequest } from './ServerRequest';

/** What one tool's run asked of the server, counted from radosgw's access log. */
export type RequestTally = {
  readonly total: number;
  /** The night's files, the denominator of `perFile`. */
  readonly files: number;
  readonly perFile: number;
  /** Only the kinds seen, in REQUEST_KINDS order. */
  readonly byKind: Readonly<Partial<Record<RequestKind, number>>>;
  /** Answered 4xx or 5xx, or never answered (the connection went first). */
  readonly failed: number;
  /** PutObjects at a key the run then completed multipart: Depot's placeholders (ADR 0028). */
  readonly placeholders: number;
  /** PutObjects at a key that is none of the night's files: Depot's manifest. */
  readonly outsideNight: number;
  /** Distinct keys a CompleteMultipartUpload was answered 200 for: the files sent multipart. */
  readonly multipartFiles: number;
};

const keyOf = (target: string, bucket: string): string => {
  const path = target.split('?')[0] ?? '';
  const rest = path.startsWith(`/${bucket}/`) ? path.slice(bucket.length + 2) : '';
  try {
    return decodeURIComponent(rest);
  } catch {
    return rest;
  }
};

/** Counts `requests` (one tool's run, one night of `nightFiles` under `prefix`) by kind. */
export const tallyRequests = (
  requests: readonly ServerRequest[],
  night: { readonly bucket: string; readonly prefix: string; readonly files: readonly string[] },
): RequestTally => {
  const counts = new Map<RequestKind, number>();
  const puts: string[] = [];
  const completed = new Set<string>();
  let failed = 0;
  for (const r of requests) {
    const kind = requestKind(r.method, r.target, night.bucket);
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
    if (r.status === 0 || r.status >= 400) failed++;
    if (kind === 'PutObject') puts.push(keyOf(r.target, night.bucket));
    if (kind === 'CompleteMultipartUpload' && r.status === 200)
      completed.add(keyOf(r.target, night.bucket));
  }
  const fileKeys = new Set(night.files.map((f) => `${night.prefix}${f}`));
  const byKind: Partial<Record<RequestKind, number>> = {};
  for (const kind of REQUEST_KINDS) {
    const n = counts.get(kind);
    if (n !== undefined) byKind[kind] = n;
  }
  return {
    total: requests.length,
    files: night.files.length,
    perFile: night.files.length === 0 ? 0 : requests.length / night.files.length,
    byKind,
    failed,
    placeholders: puts.filter((k) => completed.has(k)).length,
    outsideNight: puts.filter((k) => !fileKeys.has(k)).length,
    multipartFiles: completed.size,
  };
};
