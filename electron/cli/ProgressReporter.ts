import { monotonicClock } from '../runtime/monotonicClock';
import type { EngineEvent } from '../engine/EngineEvent';
import { describeCause } from './describeCause';
import { formatBytes } from './parseSize';

const eta = (seconds: number): string => {
  if (!Number.isFinite(seconds) || seconds < 0) return '--';
  const s = Math.round(seconds);
  if (s >= 3600)
    return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
  if (s >= 60) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${s}s`;
};

/**
 * The deposit's progress on the terminal: a bar redrawn in place with throughput and ETA on a
 * TTY, a plain line every few seconds otherwise. Failures and waits are printed as they happen.
 */
export class ProgressReporter {
  private bytesAcked = 0;
  private bytesTotal = 0;
  private units = 0;
  private done = 0;
  private failed = 0;
  private rate = 0;
  private waitingNetwork = false;
  private waitingCard = false;
  private lastDraw = 0;
  private drawn = false;

  constructor(
    private readonly out: NodeJS.WritableStream & { isTTY?: boolean; columns?: number },
    private readonly now: () => number = () => monotonicClock.now(),
    private readonly plainEveryMs = 5_000,
  ) {}

  onEvent(event: EngineEvent): void {
    switch (event.type) {
      case 'plan-progress':
        this.bytesAcked = event.bytesAcked;
        this.bytesTotal = event.bytesTotal;
        this.units = event.units;
        this.done = event.done;
        this.failed = event.failed;
        this.draw(false);
        return;
      case 'throughput':
        this.rate = event.bytesPerSec;
        return;
      case 'waiting-network':
        this.waitingNetwork = event.waiting;
        this.line(
          event.waiting
            ? 'waiting for the network (the deposit resumes by itself)'
            : 'network back',
        );
        return;
      case 'waiting-card':
        this.waitingCard = event.waiting;
        this.line(
          event.waiting
            ? 'card removed: put it back to continue (the deposit resumes by itself)'
            : 'card back',
        );
        return;
      case 'unit-state':
        if (event.state.kind === 'failed')
          this.line(`failed: ${event.relPath}: ${describeCause(event.state.cause)}`);
        if (event.state.kind === 'deferred') {
          this.line(
            `deferred by the server: ${event.relPath} until ${new Date(event.state.notBefore).toISOString()}`,
          );
        }
        return;
      default:
        return;
    }
  }

  private status(): string {
    const pct = this.bytesTotal === 0 ? 100 : Math.floor((this.bytesAcked * 100) / this.bytesTotal);
    const left = this.rate > 0 ? (this.bytesTotal - this.bytesAcked) / this.rate : Number.NaN;
    return `${pct}% ${formatBytes(this.bytesAcked)}/${formatBytes(this.bytesTotal)} ${formatBytes(this.rate)}/s ETA ${eta(left)} files ${this.done}/${this.units}${this.failed > 0 ? ` failed ${this.failed}` : ''}${this.waitingNetwork ? ' (waiting for network)' : ''}${this.waitingCard ? ' (card removed)' : ''}`;
  }

  private draw(force: boolean): void {
    const now = this.now();
    if (this.out.isTTY === true) {
      if (!force && now - this.lastDraw < 100) return;
      this.lastDraw = now;
      const width = Math.max(10, Math.min(40, (this.out.columns ?? 80) - 70));
      const filled =
        this.bytesTotal === 0 ? width : Math.round((width * this.bytesAcked) / this.bytesTotal);
      this.out.write(
        `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${this.status()}\x1b[K`,
      );
      this.drawn = true;
      return;
    }
    if (!force && now - this.lastDraw < this.plainEveryMs) return;
    this.lastDraw = now;
    this.out.write(`progress: ${this.status()}\n`);
  }

  line(text: string): void {
    if (this.out.isTTY === true && this.drawn) this.out.write('\r\x1b[K');
    this.out.write(`${text}\n`);
    if (this.out.isTTY === true && this.drawn) this.draw(true);
  }

  finish(): void {
    this.draw(true);
    if (this.out.isTTY === true) this.out.write('\n');
  }
}
