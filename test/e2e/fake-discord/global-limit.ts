// Discord's global rate limit: 50 requests a second per bot, across every route, answered with a 429
// whose body says `global: true`. Interaction endpoints are not bound to it (the callback, and the
// follow-ups and edits through the interaction's token), nor are requests without the bot's token.
// Modelled as a token bucket: 50 at once, refilled at 50 a second. discord.js keeps its own count and
// holds every route before the 51st request of a second (its `globalRequestsPerSecond`), so a bot
// through discord.js meets this limit only when its count and Discord's drift apart.

/** `/interactions/:id/:token/callback` and `/webhooks/:applicationId/:token…` (the interaction's webhook). */
const INTERACTION_ENDPOINT = /^\/(?:interactions\/[^/]+\/[^/]+\/callback|webhooks\/[^/]+\/[^/]+)/;

export function boundByGlobalLimit(path: string, authorized: boolean): boolean {
  return authorized && !INTERACTION_ENDPOINT.test(path);
}

export class GlobalLimit {
  private tokens: number;
  private at: number;
  /** Requests answered 429 global. */
  refused = 0;
  /** Requests the limit counted, by whole second since the first one (the highest of these is the peak rate). */
  readonly perSecond: number[] = [];
  private firstAt: number | null = null;

  constructor(
    readonly perSecondLimit: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = perSecondLimit;
    this.at = now();
  }

  /** Takes one request; the seconds to wait when it is over the limit, else null. */
  take(): number | null {
    const now = this.now();
    this.firstAt ??= now;
    const second = Math.floor((now - this.firstAt) / 1000);
    this.perSecond[second] = (this.perSecond[second] ?? 0) + 1;
    if (this.perSecondLimit <= 0) return null;
    this.tokens = Math.min(this.perSecondLimit, this.tokens + ((now - this.at) / 1000) * this.perSecondLimit);
    this.at = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return null;
    }
    this.refused++;
    return (1 - this.tokens) / this.perSecondLimit;
  }
}
