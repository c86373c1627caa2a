// When to acknowledge a command still running (./dispatcher.ts): Discord fails an interaction not
// answered within 3 s of creating it, and that clock starts at Discord, not at receipt. An event the
// bot reads late (a gateway backlog, a resume's replay, a process that did not get the CPU) has
// already spent part of its 3 s, so its acknowledgement goes sooner. The age is read from the
// interaction's snowflake against this machine's clock, corrected by the smallest age seen lately:
// that is the clocks' offset plus the network's floor, so a skewed clock makes no command late.

/**
 * A command still running this long after it was received (or less, when it came late) is acknowledged
 * first. 1.5 s leaves the acknowledgement itself 1.5 s to reach Discord: with 8 test workers on 2 cores
 * one sent at 2 s arrived at 3.002 s, and the interaction failed.
 */
export const AUTO_DEFER_MS = 1_500;
/** An acknowledgement sent this long after Discord created the interaction still has 1 s to arrive. */
const ACK_BY_MS = 2_000;
/** Discord's window: an age beyond it is a clock far off (or an interaction already lost), not a backlog. */
const WINDOW_MS = 3_000;
/** The offset is the smallest age over the last two of these periods (clocks drift; NTP steps them). */
const OFFSET_PERIOD_MS = 60_000;

export class AckDeadline {
  private current = { start: 0, min: Infinity };
  private previousMin = Infinity;

  constructor(private readonly now: () => number = Date.now) {}

  /** How long to let a command run before acknowledging it, for an interaction created at `createdAt` (ms, Discord's clock). */
  delayFor(createdAt: number): number {
    const at = this.now();
    const age = at - createdAt;
    if (!Number.isFinite(age)) return AUTO_DEFER_MS;
    this.observe(at, age);
    const late = age - Math.min(this.current.min, this.previousMin);
    if (late <= 0 || late >= WINDOW_MS) return AUTO_DEFER_MS;
    return Math.max(0, Math.min(AUTO_DEFER_MS, ACK_BY_MS - late));
  }

  private observe(at: number, age: number): void {
    if (at - this.current.start >= OFFSET_PERIOD_MS) {
      // a period with no interaction at all leaves nothing to remember
      this.previousMin = at - this.current.start >= 2 * OFFSET_PERIOD_MS ? Infinity : this.current.min;
      this.current = { start: at, min: Infinity };
    }
    this.current.min = Math.min(this.current.min, age);
  }
}
