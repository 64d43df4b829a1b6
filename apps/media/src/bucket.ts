/**
 * One socket's allowance of requests (issue 17: every input has a rate bound). A burst of `burst`,
 * then `perSecond`: enough to join, publish, receive and answer a few renegotiations at once, while a
 * client that floods cannot make the chat server attach Janus handles without end.
 */
export class TokenBucket {
  private tokens: number;
  private at: number;

  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = burst;
    this.at = now();
  }

  /** Takes a token; otherwise the seconds until one is back. */
  take(): { ok: true } | { ok: false; retryAfter: number } {
    const now = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.at) / 1000) * this.perSecond);
    this.at = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return { ok: true };
    }
    return { ok: false, retryAfter: Math.ceil((1 - this.tokens) / this.perSecond) };
  }
}

/** A socket's requests: 20 at once, then 5 a second. */
export const MEDIA_REQUEST_BURST = 20;
export const MEDIA_REQUESTS_PER_SECOND = 5;
