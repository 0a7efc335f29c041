import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCleanup } from '../../../bench/lab/Cleanup';
import { startLinkLab, type LinkLab } from '../../../bench/lab/LinkLab';
import { defaultLinkSettings } from '../../../bench/lab/LinkSettings';
import { measureLink, type LinkCheck } from '../../../bench/lab/measureLink';

const has = (command: string): boolean => {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
// The lab needs root (namespaces, tc, nftables, NFQUEUE) and gcc with libnetfilter-queue.
const missing = [
  process.getuid?.() === 0 ? undefined : 'root',
  ...['ip', 'tc', 'nft', 'iptables', 'gcc', 'ss'].map((c) => (has(c) ? undefined : c)),
].filter((x) => x !== undefined);

describe.skipIf(missing.length > 0)(
  `link lab self-test${missing.length > 0 ? ` (skipped: needs ${missing.join(', ')})` : ''}`,
  () => {
    const cleanup = createCleanup(() => undefined);
    let lab: LinkLab;
    let check: LinkCheck;

    beforeAll(async () => {
      lab = await startLinkLab(defaultLinkSettings, cleanup, () => undefined);
      check = await measureLink(lab, 6, cleanup);
    }, 120_000);

    afterAll(() => cleanup.runAll());

    it('shapes the link as LAB.md measured: ~9.5 Mbit/s, ~80 ms RTT, ~0.5 % loss', () => {
      expect(check.rateMbit).toBeGreaterThan(8.5);
      expect(check.rateMbit).toBeLessThan(10);
      expect(check.rttMs).toBeGreaterThan(75);
      expect(check.rttMs).toBeLessThan(110);
      expect(check.lossPercent).toBeGreaterThan(0.1);
      expect(check.lossPercent).toBeLessThan(1.5);
    });

    it('a cut makes the server unreachable from the client, and the link comes back', () => {
      // Nothing listens on port 9: "refused" proves the server is reachable, "unreachable" the cut.
      const connectError = (): string => {
        const [command, ...args] = lab.inClient([
          'bash',
          '-c',
          `exec 3<>/dev/tcp/${lab.serverAddr}/9`,
        ]);
        try {
          execFileSync(command ?? '', args, { stdio: 'pipe', timeout: 5_000 });
          return 'connected';
        } catch (error) {
          return String((error as { stderr?: Buffer }).stderr ?? '');
        }
      };
      lab.setLink(false);
      const down = connectError();
      lab.setLink(true);
      const up = connectError();
      expect(down).toMatch(/unreachable/i);
      expect(up).toMatch(/refused/i);
    });

    it('counts the client side of the link only', () => {
      const c = lab.counters();
      expect(c.txPackets).toBeGreaterThan(1000);
      expect(c.txBytes).toBeGreaterThan(c.txPackets * 66);
    });

    it('leaves nothing behind', () => {
      const { clientNs, serverNs } = lab;
      cleanup.runAll();
      const namespaces = execFileSync('ip', ['netns', 'list'], { encoding: 'utf8' });
      expect(namespaces).not.toContain(clientNs);
      expect(namespaces).not.toContain(serverNs);
    });
  },
);
