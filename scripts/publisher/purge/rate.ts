/**
 * A token bucket as CDNs describe their purge limits ("5 requests a minute, bucket size 25"):
 * `take()` answers at once whether a request may go now, so a caller can choose another way
 * instead of waiting (Cloudflare: URL purges when tag purges are used up).
 */
export class TokenBucket {
  private readonly capacity: number;
  private readonly perMinute: number;
  private readonly now: () => number;
  private tokens: number;
  private last: number;

  // Plain fields, not parameter properties: Node runs this file by stripping types only.
  constructor(capacity: number, perMinute: number, now: () => number = Date.now) {
    this.capacity = capacity;
    this.perMinute = perMinute;
    this.now = now;
    this.tokens = capacity;
    this.last = now();
  }

  private refill(): void {
    const at = this.now();
    this.tokens = Math.min(this.capacity, this.tokens + ((at - this.last) / 60_000) * this.perMinute);
    this.last = at;
  }

  /** Takes one token if there is one. */
  take(): boolean {
    this.refill();
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** The limit answered "too many": nothing left until it refills. */
  drain(): void {
    this.refill();
    this.tokens = 0;
  }
}
