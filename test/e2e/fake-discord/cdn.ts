// The CDN's signed links, as Discord has served attachments since 2024: every attachment URL carries
// `ex` (expiry, hex Unix seconds), `is` (issued) and `hm` (a signature over the path and both), and
// stops working when `ex` has passed or the query was tampered with ("This content is no longer
// available.", 404). Reading a message over REST (or receiving it) gives freshly signed links, as
// Discord does; a link copied out of an old message does not refresh itself.
import { createHmac, randomBytes } from 'node:crypto';

/** Discord signs attachment links for about a day. */
export const LINK_LIFETIME_MS = 24 * 60 * 60_000;

export class CdnSigner {
  private readonly secret = randomBytes(32);

  constructor(private readonly now: () => number) {}

  /** The query (`ex=…&is=…&hm=…&`, Discord's trailing `&` included) signing `path` (as in the URL, percent-encoded) from now. */
  query(path: string): string {
    const issued = Math.floor(this.now() / 1000);
    const ex = (Math.floor((this.now() + LINK_LIFETIME_MS) / 1000)).toString(16);
    const is = issued.toString(16);
    return `ex=${ex}&is=${is}&hm=${this.mac(path, ex, is)}&`;
  }

  /** `url` (absolute, on the fake's host) signed anew from now. */
  resign(url: string): string {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}?${this.query(parsed.pathname)}`;
  }

  /** Whether a download of `path` with this query is served: 'ok', 'expired', or 'unsigned' (no or a wrong signature). */
  check(path: string, query: URLSearchParams): 'ok' | 'expired' | 'unsigned' {
    const ex = query.get('ex') ?? '';
    const is = query.get('is') ?? '';
    if (!/^[0-9a-f]{1,12}$/.test(ex) || !/^[0-9a-f]{1,12}$/.test(is) || query.get('hm') !== this.mac(path, ex, is)) return 'unsigned';
    return parseInt(ex, 16) * 1000 < this.now() ? 'expired' : 'ok';
  }

  private mac(path: string, ex: string, is: string): string {
    return createHmac('sha256', this.secret).update(`${path}|${ex}|${is}`).digest('hex');
  }
}
