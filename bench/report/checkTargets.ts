import type { AmplificationResult, HashResult, ResourceResult, TargetCheck } from '../BenchResults';
import type { ToolRunResult } from '../ToolRunResult';

const MB = 1e6;
const pct = (x: number): string => x.toFixed(3);
const mb = (x: number): string => `${(x / MB).toFixed(2)} MB`;

const find = (runs: readonly ToolRunResult[], tool: string, profile: string, scenario = 'link') =>
  runs.find((r) => r.tool === tool && r.profile === profile && r.scenario === scenario);

/** Issue 5's targets, each with its pass/miss mark; null when the run did not measure it. */
export const checkTargets = (
  runs: readonly ToolRunResult[],
  amplification: readonly AmplificationResult[],
  resources: readonly ResourceResult[],
  hashing: HashResult | null,
): TargetCheck[] => {
  const checks: TargetCheck[] = [];
  const peersOf = (profile: string) =>
    runs.filter((r) => r.tool !== 'depot' && r.profile === profile && r.scenario === 'link');

  const mild = find(runs, 'depot', 'mild');
  if (mild !== undefined) {
    const peers = peersOf('mild');
    const best = Math.max(0, ...peers.map((p) => p.goodputFraction));
    checks.push({
      name: 'mild goodput',
      target: '>= 0.90 of the link rate and >= each peer',
      measured: `${pct(mild.goodputFraction)} (peers: ${peers.map((p) => `${p.tool} ${pct(p.goodputFraction)}`).join(', ') || 'not run'})`,
      pass:
        mild.verify?.verified === mild.verify?.files &&
        mild.goodputFraction >= 0.9 &&
        mild.goodputFraction >= best,
    });
  }
  const harsh = find(runs, 'depot', 'harsh');
  if (harsh !== undefined) {
    const peers = peersOf('harsh');
    const best = Math.max(0, ...peers.map((p) => p.goodputFractionUpTime));
    checks.push({
      name: 'harsh: unattended, verified',
      target: 'completes in one run, every object verified, no upload left open',
      measured: `exit ${harsh.exitCodes.join(',')}, ${harsh.verify?.verified ?? 0}/${harsh.verify?.files ?? 0} verified, ${harsh.verify?.openMultipartUploads ?? '?'} open`,
      pass: harsh.completedUnattended,
    });
    checks.push({
      name: 'harsh goodput over up-time',
      target: '>= 0.85 and >= each peer',
      measured: `${pct(harsh.goodputFractionUpTime)} (peers: ${peers.map((p) => `${p.tool} ${pct(p.goodputFractionUpTime)}`).join(', ') || 'not run'})`,
      pass: harsh.goodputFractionUpTime >= 0.85 && harsh.goodputFractionUpTime >= best,
    });
  }
  for (const r of runs.filter(
    (x) => x.tool === 'depot' && x.scenario === 'link' && x.resentPerCut !== null,
  )) {
    checks.push({
      name: `re-sent per cut (${r.profile})`,
      target: `<= one part per slot in flight (${mb(r.boundBytes)})`,
      measured: `${mb(r.resentPerCut ?? 0)} per cut over ${r.cuts.length} cuts`,
      pass: (r.resentPerCut ?? 0) <= r.boundBytes,
    });
  }
  const kills = runs.find((x) => x.tool === 'depot' && x.scenario === 'kills');
  if (kills !== undefined) {
    checks.push({
      name: 're-sent per kill -9',
      target: `>= 5 kills, each <= one part per slot in flight (${mb(kills.boundBytes)}), all verified`,
      measured: `${kills.kills} kills, ${mb(kills.resentPerKill ?? 0)} per kill, ${kills.verify?.verified ?? 0}/${kills.verify?.files ?? 0} verified`,
      pass:
        kills.kills >= 5 &&
        (kills.resentPerKill ?? 0) <= kills.boundBytes &&
        kills.verify?.verified === kills.verify?.files,
    });
  }
  for (const a of amplification.filter((x) => x.client === 'depot')) {
    checks.push({
      name: `requests during outage (${a.mode})`,
      target: `<= 1.1 x nominal + 20 (${a.allowed.toFixed(0)} in ${a.windowS.toFixed(0)} s)`,
      measured: `${a.requestsInWindow} (${a.ratio.toFixed(2)} x nominal)`,
      pass: a.requestsInWindow <= a.allowed,
    });
  }
  for (const r of resources.filter((x) => x.files > 0)) {
    checks.push({
      name: `peak RSS (${r.name})`,
      target: '<= 150 MB',
      measured: `${r.peakRssMB.toFixed(0)} MB, ${r.cpuS.toFixed(1)} CPU s, exit ${r.exitCode}`,
      pass: r.exitCode === 0 && r.peakRssMB <= 150,
    });
  }
  if (hashing !== null) {
    checks.push({
      name: 'hashing speed',
      target: '>= 80 % of sha256sum',
      measured: `${hashing.depotMBps.toFixed(0)} MB/s vs ${hashing.sha256sumMBps.toFixed(0)} MB/s (${(hashing.ratio * 100).toFixed(0)} %)`,
      pass: hashing.ratio >= 0.8,
    });
  }
  return checks;
};
