// Where a command's memory goes over time (issue 5, docs/decisions/0010-*): loaded into any
// Node process with `NODE_OPTIONS="--import ./bench/resources/memorySampler.mjs"` and
// DEPOT_MEMORY_SAMPLES=FILE, it appends one line every 500 ms (and one at exit): seconds since
// start, RSS, V8 heap (committed, used), external and ArrayBuffer memory, "native" (RSS minus
// heap minus external: Node, libraries, malloc), peak RSS and CPU seconds so far, in MB.
// Nothing in Depot loads it; a line per sample, so the file can be followed while it runs.
import { appendFileSync } from 'node:fs';

const out = process.env.DEPOT_MEMORY_SAMPLES;
if (out !== undefined && out !== '') {
  const started = Date.now();
  const mb = (bytes) => (bytes / 1048576).toFixed(1);
  const sample = () => {
    const m = process.memoryUsage();
    const r = process.resourceUsage();
    appendFileSync(
      out,
      `${((Date.now() - started) / 1000).toFixed(1)} rss=${mb(m.rss)} heapTotal=${mb(m.heapTotal)}` +
        ` heapUsed=${mb(m.heapUsed)} external=${mb(m.external)} arrayBuffers=${mb(m.arrayBuffers)}` +
        ` native=${mb(m.rss - m.heapTotal - m.external)} peakRss=${mb(r.maxRSS * 1024)}` +
        ` cpu=${((r.userCPUTime + r.systemCPUTime) / 1e6).toFixed(1)}\n`,
    );
  };
  setInterval(sample, 500).unref();
  process.on('exit', sample);
}
