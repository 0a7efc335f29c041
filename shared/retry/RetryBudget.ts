import type { BudgetSettings } from './RetrySettings';

// Tokens are kept in thousandths so ten credits of 0.1 make exactly one retry.
const SCALE = 1000;

/**
 * Retries as a resource of the endpoint, not a right of each request: first attempts credit a
 * fraction of a token, retries spend one. Retries therefore never exceed
 * `creditPerFirstAttempt * firstAttempts + capacity`, whatever fails.
 */
export class RetryBudget {
  private tokens: number;
  private readonly capacity: number;
  private readonly credit: number;
  private readonly cost: number;

  constructor(settings: BudgetSettings) {
    this.capacity = Math.round(settings.capacity * SCALE);
    this.credit = Math.round(settings.creditPerFirstAttempt * SCALE);
    this.cost = Math.round(settings.costPerRetry * SCALE);
    this.tokens = this.capacity;
  }

  onFirstAttempt(): void {
    this.tokens = Math.min(this.capacity, this.tokens + this.credit);
  }

  /** Spends the cost of one retry when the bucket holds it. */
  tryRetry(): boolean {
    if (this.tokens < this.cost) return false;
    this.tokens -= this.cost;
    return true;
  }

  /** Gives back a retry that was granted but never sent (the call gave up while waiting). */
  refund(): void {
    this.tokens = Math.min(this.capacity, this.tokens + this.cost);
  }

  get available(): number {
    return this.tokens / SCALE;
  }
}
