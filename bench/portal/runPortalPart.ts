import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Cleanup } from '../lab/Cleanup';
import type { LinkLab } from '../lab/LinkLab';
import { harshProfile } from '../lab/linkProfiles';
import { defaultLinkSettings } from '../lab/LinkSettings';
import { makeNight } from '../night';
import { runTool } from '../runTool';
import type { ServerSide } from '../s3/ServerSide';
import type { Tool } from '../tools/Tool';
import type { ToolRunResult } from '../ToolRunResult';
import { measurePortalNight, type PortalNightRun } from './measurePortalNight';

/** Files of 200 KB on average: the full night's 2,000; quick mode's fits its 10 minutes. */
const FILES = { full: 2_000, quick: 300 } as const;
const MEAN_BYTES = 200_000;

export type PortalPart = {
  readonly files: number;
  readonly bytes: number;
  readonly profile: string;
  readonly s3: ToolRunResult;
  readonly portal: PortalNightRun;
  readonly markdown: string;
};

/**
 * The portal part (issue 33): one night of small WAVs deposited by Depot over the harsh link
 * twice, to the lab's radosgw (S3) and to the Vigie-Chiro stand-in whose signed URLs point at the
 * same radosgw, each from a new database; wall time, goodput, re-sent bytes and requests per file
 * by kind side by side. Writes bench/results/<stem>.{json,md}.
 */
export const runPortalPart = async (o: {
  readonly lab: LinkLab;
  readonly server: ServerSide;
  readonly depot: Tool;
  readonly linkMbit: number;
  readonly quick: boolean;
  readonly seed: number;
  readonly workDir: string;
  readonly resultsFile: string;
  readonly cleanup: Cleanup;
  readonly log: (line: string) => void;
}): Promise<PortalPart> => {
  const files = o.quick ? FILES.quick : FILES.full;
  o.log(`portal: generating ${files} files of ${MEAN_BYTES / 1000} KB on average`);
  const night = await makeNight(join(o.workDir, 'portal-night'), {
    files,
    totalBytes: files * MEAN_BYTES,
    seed: o.seed + 33,
  });
  const nominalS = (night.bytes * 8) / (o.linkMbit * 1e6);
  const outageS = o.quick ? 30 : 180;
  const profile = harshProfile({
    base: defaultLinkSettings,
    horizonS: nominalS * 6 + outageS,
    seed: o.seed,
    outageAtS: Math.round(nominalS / 2),
    outageS,
  });
  const timeLimitS = nominalS * 5 + outageS + 120;
  o.log(`portal: S3, ${profile.name} (${profile.description})`);
  const s3 = await runTool({
    lab: o.lab,
    server: o.server,
    tool: o.depot,
    profile,
    nightDir: night.dir,
    manifestFile: night.manifestFile,
    payloadBytes: night.bytes,
    linkMbit: o.linkMbit,
    workDir: o.workDir,
    maxRuns: 5,
    timeLimitS,
    cleanup: o.cleanup,
    log: o.log,
  });
  o.log(
    `  s3: exits ${s3.exitCodes.join(',')}, ${s3.verify?.verified}/${s3.verify?.files} verified, ${s3.wallS.toFixed(0)} s, goodput ${s3.goodputFraction.toFixed(3)}, re-sent ${(s3.resentBytes / 1e6).toFixed(2)} MB`,
  );
  o.log(`portal: Vigie-Chiro stand-in, ${profile.name}`);
  const portal = await measurePortalNight({
    lab: o.lab,
    server: o.server,
    night,
    profile,
    linkMbit: o.linkMbit,
    workDir: o.workDir,
    maxRuns: 5,
    timeLimitS,
    cleanup: o.cleanup,
    log: o.log,
  });
  o.log(
    `  portal: exits ${portal.exitCodes.join(',')}, ${portal.landedFiles}/${portal.files} available, ${portal.wallS.toFixed(0)} s, goodput ${portal.goodputFraction.toFixed(3)}, re-sent ${(portal.resentBytes / 1e6).toFixed(2)} MB`,
  );
  const part = {
    files: night.files,
    bytes: night.bytes,
    profile: profile.name,
    s3,
    portal,
  };
  const markdown = renderPortalPart(part);
  writeFileSync(`${o.resultsFile}.json`, `${JSON.stringify(part, null, 2)}\n`);
  writeFileSync(`${o.resultsFile}.md`, `# Depot benchmark: the portal part\n\n${markdown}`);
  return { ...part, markdown };
};

const mb = (bytes: number): string => (bytes / 1e6).toFixed(2);
const per = (n: number | undefined, files: number): string =>
  n === undefined ? '0' : (n / files).toFixed(2);

const renderPortalPart = (p: Omit<PortalPart, 'markdown'>): string => {
  const s3Kinds = p.s3.requests?.byKind ?? {};
  const s3Puts = (s3Kinds.PutObject ?? 0) + (s3Kinds.UploadPart ?? 0);
  const s3Lists = (s3Kinds['ListObjectsV2 prefix'] ?? 0) + (s3Kinds['ListObjectsV2 bucket'] ?? 0);
  const r = p.portal.requestsPerFile;
  return [
    `One night of ${p.files} files, ${mb(p.bytes)} MB, deposited by Depot over the ${p.profile} link, from a new database each time: to radosgw (S3) and to the Vigie-Chiro stand-in (its signed URLs to the same radosgw).`,
    '',
    '| | wall | goodput (of link) | re-sent | declare / file | PUT / file | finalize / file | list / file | exits |',
    '|---|---|---|---|---|---|---|---|---|',
    `| S3 | ${p.s3.wallS.toFixed(0)} s | ${p.s3.goodputMbit.toFixed(2)} Mbit/s (${p.s3.goodputFraction.toFixed(3)}) | ${mb(p.s3.resentBytes)} MB | - | ${per(s3Puts, p.files)} | - | ${per(s3Lists, p.files)} | ${p.s3.exitCodes.join(',')} |`,
    `| portal | ${p.portal.wallS.toFixed(0)} s | ${p.portal.goodputMbit.toFixed(2)} Mbit/s (${p.portal.goodputFraction.toFixed(3)}) | ${mb(p.portal.resentBytes)} MB | ${r.declare.toFixed(2)} | ${r.put.toFixed(2)} | ${r.finalize.toFixed(2)} | ${r.list.toFixed(2)} | ${p.portal.exitCodes.join(',')} |`,
    '',
    `S3: ${p.s3.verify?.verified}/${p.s3.verify?.files} verified by SHA-256 on the server, ${p.s3.requests?.total ?? '?'} requests (${JSON.stringify(s3Kinds)}). Portal: ${p.portal.landedFiles}/${p.portal.files} available on the stand-in, requests ${JSON.stringify(p.portal.requests)}; PUT bodies beyond the payload ${mb(p.portal.putBytesBeyondPayload)} MB. Re-sent = client-to-server bytes on the wire beyond the landed payload, framing and TCP retransmissions (so API calls count in it for the portal).`,
    '',
  ].join('\n');
};
