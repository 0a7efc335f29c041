import type { BenchResults } from '../BenchResults';
import { REQUEST_KINDS } from '../requests/RequestKind';
import type { RequestTally } from '../requests/RequestTally';
import type { ToolRunResult } from '../ToolRunResult';

const MB = 1e6;
const mb = (x: number | null): string => (x === null ? '-' : `${(x / MB).toFixed(2)}`);
const mark = (pass: boolean | null): string => (pass === null ? 'n/a' : pass ? 'PASS' : 'MISS');

/** Depot's own count of bytes re-sent (its --json summary), beside the wire's. */
const ownResent = (r: ToolRunResult): string => {
  const s = r.summary as { bytesResent?: unknown } | null;
  return typeof s?.bytesResent === 'number' ? mb(s.bytesResent) : '-';
};

const runRow = (r: ToolRunResult): string =>
  `| ${r.tool} | ${r.exitCodes.join(', ')} | ${r.reruns} | ${r.verify?.verified ?? 0}/${r.verify?.files ?? 0} | ${r.verify?.missing.length ?? '-'} | ${r.verify?.openMultipartUploads ?? '-'} | ${r.wallS.toFixed(0)} | ${r.downS.toFixed(0)} | ${r.goodputMbit.toFixed(2)} | ${r.goodputFraction.toFixed(3)} | ${r.goodputFractionUpTime.toFixed(3)} | ${mb(r.resentBytes)} | ${mb(r.resentPerCut)} | ${ownResent(r)} |`;

/** The table the README keeps and the Markdown file under bench/results/. */
export const renderMarkdown = (b: BenchResults): string => {
  const lines: string[] = [];
  lines.push(
    `Run ${b.startedAt} (${b.mode}, seed ${b.seed}, ${b.durationS.toFixed(0)} s) on ${b.machine.cpus} (${b.machine.cores} cores, ${b.machine.memoryGB} GB), kernel ${b.machine.kernel}, Node ${b.machine.node}.`,
    `Versions: ${Object.entries(b.versions)
      .map(([k, v]) => `${k} ${v}`)
      .join('; ')}.`,
  );
  if (b.link !== null) {
    const c = b.link.check;
    lines.push(
      `Link: tbf ${b.link.settings.rateMbit} Mbit/s, ${b.link.settings.delayMs} ms each way; measured ${c.rateMbit.toFixed(2)} Mbit/s payload (the denominator of every fraction below), RTT ${c.rttMs.toFixed(1)} ms, loss ${c.lossPercent.toFixed(2)} % at 0.5 % set.`,
    );
  }
  if (b.night !== null) {
    lines.push(
      `Night: ${b.night.files} WAV files, ${(b.night.bytes / MB).toFixed(1)} MB (largest ${(b.night.largestBytes / MB).toFixed(1)} MB).`,
    );
  }
  lines.push('');
  if (b.fast.length > 0) {
    lines.push(
      '**Fast link** (radosgw on 127.0.0.1, no shaping; GNU time; page cache dropped before each tool; the machine is shared, figures vary from run to run):',
      '',
      '| workload | tool | exit | complete | wall s | CPU s (user+sys) | server CPU s | peak RSS MB | read from disk MB | x payload |',
      '|---|---|---|---|---|---|---|---|---|---|',
      ...b.fast.map(
        (f) =>
          `| ${f.workload} (${(f.payloadBytes / MB).toFixed(0)} MB${f.floorReadBytes === undefined ? '' : `; cat reads ${(f.floorReadBytes / MB).toFixed(1)}`}${f.pagesBytes === undefined ? '' : `; whole pages ${(f.pagesBytes / MB).toFixed(1)}`}) | ${f.tool} | ${f.exitCode} | ${f.complete ? 'yes' : 'NO'} | ${f.wallS.toFixed(2)} | ${f.cpuS.toFixed(2)} | ${f.serverCpuS === undefined ? '-' : f.serverCpuS.toFixed(2)} | ${f.peakRssMB.toFixed(0)} | ${(f.readBytes / MB).toFixed(1)} | ${(f.readBytes / f.payloadBytes).toFixed(3)} |`,
      ),
      '',
    );
  }
  for (const p of b.profiles) {
    const runs = b.runs.filter((r) => r.profile === p.name && r.scenario === 'link');
    if (runs.length === 0) continue;
    lines.push(
      `**${p.name}**: ${p.description}`,
      '',
      '| tool | exit codes | reruns | verified | missing | open MPU | wall s | down s | goodput Mbit/s | of link | over up-time | re-sent MB (wire) | per cut MB | re-sent MB (own count) |',
      '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
      ...runs.map(runRow),
      '',
    );
  }
  const kills = b.runs.filter((r) => r.scenario === 'kills');
  if (kills.length > 0) {
    lines.push(
      '**kill -9 and restart** (mild link):',
      '',
      '| tool | kills | exit codes | verified | open MPU | wall s | re-sent MB (wire) | per kill MB | bound: parts in flight x part MB | re-sent MB (own count) |',
      '|---|---|---|---|---|---|---|---|---|---|',
      ...kills.map(
        (r) =>
          `| ${r.tool} | ${r.kills} | ${r.exitCodes.join(', ')} | ${r.verify?.verified ?? 0}/${r.verify?.files ?? 0} | ${r.verify?.openMultipartUploads ?? '-'} | ${r.wallS.toFixed(0)} | ${mb(r.resentBytes)} | ${mb(r.resentPerKill)} | ${mb(r.boundBytes)} | ${ownResent(r)} |`,
      ),
      '',
    );
  }
  if (b.amplification.length > 0) {
    lines.push(
      '**Outage amplification** (steady stream of 16 KiB deposits through the fault proxy):',
      '',
      '| client | outage | window s | nominal req/min | received in window | req/min in window | x nominal | allowed (1.1x + 20) | outcome |',
      '|---|---|---|---|---|---|---|---|---|',
      ...b.amplification.map(
        (a) =>
          `| ${a.client} | ${a.mode} | ${a.windowS.toFixed(0)} | ${a.nominalPerMin.toFixed(0)} | ${a.requestsInWindow} | ${a.perMinInWindow.toFixed(0)} | ${a.ratio.toFixed(2)} | ${a.allowed.toFixed(0)} | ${a.note} |`,
      ),
      '',
    );
  }
  if ((b.redeposit ?? []).length > 0) {
    lines.push(
      '**Re-deposit of a night already on the server**, from fresh local state (mild link):',
      '',
      '| tool | first run s | second run s | second run on the wire | payload it says it sent | verified |',
      '|---|---|---|---|---|---|',
      ...(b.redeposit ?? []).map(
        (r) =>
          `| ${r.tool} | ${r.firstWallS.toFixed(0)} | ${r.secondWallS.toFixed(1)} | ${(r.secondWireBytes / MB).toFixed(2)} MB (${((100 * r.secondWireBytes) / r.payloadBytes).toFixed(2)} %) | ${r.secondPayloadSent === null ? '-' : `${(r.secondPayloadSent / MB).toFixed(2)} MB`} | ${r.secondVerified}/${r.files} |`,
      ),
      '',
    );
  }
  lines.push(...requestsTable(b), ...linkUpTable(b));
  if (b.resources.length > 0 || b.hashing !== null) {
    lines.push(
      '**Memory and CPU** (depot deposit, unshaped):',
      '',
      '| run | files | MB | exit | wall s | peak RSS MB | CPU s |',
      '|---|---|---|---|---|---|---|',
    );
    for (const r of b.resources) {
      lines.push(
        `| ${r.name} | ${r.files} | ${(r.bytes / MB).toFixed(0)} | ${r.exitCode} | ${r.wallS.toFixed(0)} | ${r.peakRssMB.toFixed(0)} | ${r.cpuS.toFixed(1)} |`,
      );
    }
    if (b.hashing !== null) {
      lines.push(
        '',
        `Hashing (${(b.hashing.bytes / MB).toFixed(0)} MB, warm cache): Depot ${b.hashing.depotMBps.toFixed(0)} MB/s (SHA-256 + per-part MD5), sha256sum ${b.hashing.sha256sumMBps.toFixed(0)} MB/s.`,
      );
    }
    lines.push('');
  }
  lines.push('**Targets**', '', '| target | wanted | measured | mark |', '|---|---|---|---|');
  for (const t of b.targets)
    lines.push(`| ${t.name} | ${t.target} | ${t.measured} | ${mark(t.pass)} |`);
  lines.push('', `Interpretation: ${b.interpretation}`, '');
  return lines.join('\n');
};

/** Every counted run's requests by kind, as radosgw received them (issue 29). */
const requestsTable = (b: BenchResults): string[] => {
  const rows: { what: string; tool: string; t: RequestTally }[] = [];
  for (const r of b.runs) {
    if (r.requests === undefined || r.requests === null) continue;
    rows.push({
      what: r.scenario === 'kills' ? `kills (${r.kills})` : `${r.profile} ${r.scenario}`,
      tool: r.tool,
      t: r.requests,
    });
  }
  for (const r of b.redeposit ?? []) {
    if (r.firstRequests !== undefined && r.firstRequests !== null)
      rows.push({ what: 're-deposit, first', tool: r.tool, t: r.firstRequests });
    if (r.secondRequests !== undefined && r.secondRequests !== null)
      rows.push({ what: 're-deposit, second', tool: r.tool, t: r.secondRequests });
  }
  if (rows.length === 0) return [];
  const kinds = REQUEST_KINDS.filter((k) => rows.some((r) => (r.t.byKind[k] ?? 0) > 0));
  return [
    '**Requests per night**, as radosgw received them from the tool (its access log), by kind; "failed": answered 4xx/5xx or not at all; "placeholders": PutObjects at a key then completed multipart; "outside": PutObjects at no file of the night (the manifest):',
    '',
    `| run | tool | requests | per file | failed | ${kinds.join(' | ')} | placeholders | outside | multipart files |`,
    `|---|---|---|---|---|${kinds.map(() => '---|').join('')}---|---|---|`,
    ...rows.map(
      ({ what, tool, t }) =>
        `| ${what} | ${tool} | ${t.total} | ${t.perFile.toFixed(2)} | ${t.failed} | ${kinds.map((k) => String(t.byKind[k] ?? 0)).join(' | ')} | ${t.placeholders} | ${t.outsideNight} | ${t.multipartFiles} |`,
    ),
    '',
  ];
};

/** Payload on the wire again after each link-up, and the first request the server saw. */
const linkUpTable = (b: BenchResults): string[] => {
  const results = b.linkUp ?? [];
  if (results.length === 0) return [];
  return [
    '**Link-up** (90 MB of large files; the link set down then up while the tool sends; ms from link-up to more than two full segments on the wire, sampled every 10 ms; the first new request radosgw received after it and before the next cut, "-" when none: the requests in flight carried on):',
    '',
    '| cut | tool | median ms | max ms | each cut ms | first request after link-up | first payload request after link-up |',
    '|---|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.downS} s | ${r.tool} | ${r.medianMs === null ? '-' : r.medianMs.toFixed(0)} | ${r.maxMs === null ? '-' : r.maxMs.toFixed(0)} | ${r.cuts.map((c) => (c.payloadMs === null ? 'never' : c.payloadMs.toFixed(0))).join(', ')} | ${r.cuts.map((c) => (c.firstRequest === null ? '-' : `${c.firstRequest.kind} +${c.firstRequest.ms}`)).join('; ')} | ${r.cuts.map((c) => (c.firstPayload === undefined || c.firstPayload === null ? '-' : `${c.firstPayload.kind} +${c.firstPayload.ms}`)).join('; ')} |`,
    ),
    '',
  ];
};
