// One lane per board message (issue 32 §1): Discord's global limit (50 requests a second for the whole
// bot) is shared by every table, and a busy fight would spend it on edits nobody reads. A board is
// rendered from the database when its edit is sent, so the last state wins: an update asked for while
// the board's edit is under way, or within `windowMs` of the last one, waits for the window's end, and
// every update asked for meanwhile joins it: one edit shows them all. Each caller's promise settles
// with the edit that showed its state, so the outbox still notes a board delivered only once Discord
// has it. Per process, like the picture cache: another process's edit is caught by the re-read after
// each edit (./board.ts).

export interface Lane<T, R> {
  /** When this lane's last update started (performance.now()). */
  lastAt: number;
  running: Promise<R> | null;
  /** The update that will run at the window's end; later requests join it. */
  pending: { request: T; promise: Promise<R> } | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const MAX_LANES = 5_000;

export class Lanes<T, R> {
  private readonly lanes = new Map<string, Lane<T, R>>();

  constructor(
    /** How two requests for the same lane combine while they wait (the later one's render, a re-post if either asked). */
    private readonly merge: (waiting: T, next: T) => T,
  ) {}

  /** Runs `update` for this lane now, or joins the one waiting, or starts waiting for the window's end. */
  request(key: string, request: T, windowMs: number, update: (request: T) => Promise<R>): Promise<R> {
    const lane = this.lane(key);
    if (lane.pending) {
      lane.pending.request = this.merge(lane.pending.request, request);
      return lane.pending.promise;
    }
    if (!lane.running && performance.now() - lane.lastAt >= windowMs) return this.begin(lane, request, update);
    // Marked waiting before its wait starts: when the window has closed by the time the wait is
    // measured, the update begins at once, inside this call, and must find itself to clear. Marked
    // after, it stayed marked after it had run, and every later request joined an update already
    // done: the board was never edited again.
    const pending: { request: T; promise: Promise<R> } = { request, promise: Promise.resolve(undefined as R) };
    lane.pending = pending;
    pending.promise = (async () => {
      if (lane.running) await lane.running.catch(() => undefined);
      const wait = lane.lastAt + windowMs - performance.now();
      if (wait > 0) await sleep(wait);
      lane.pending = null;
      return this.begin(lane, pending.request, update);
    })();
    return pending.promise;
  }

  /** Whether an update for this lane is waiting: what is being sent now will be superseded. */
  superseded(key: string): boolean {
    return this.lanes.get(key)?.pending != null;
  }

  private lane(key: string): Lane<T, R> {
    let lane = this.lanes.get(key);
    if (!lane) {
      if (this.lanes.size >= MAX_LANES) for (const [k, l] of this.lanes) if (!l.running && !l.pending) this.lanes.delete(k);
      lane = { lastAt: -Infinity, running: null, pending: null };
      this.lanes.set(key, lane);
    }
    return lane;
  }

  private begin(lane: Lane<T, R>, request: T, update: (request: T) => Promise<R>): Promise<R> {
    lane.lastAt = performance.now();
    const running = update(request);
    lane.running = running;
    const clear = () => {
      if (lane.running === running) lane.running = null;
    };
    // the lane is freed however the update ends; the caller awaits `running` itself
    void running.then(clear, clear);
    return running;
  }
}
