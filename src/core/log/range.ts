// The two points a session log runs between (/log export from: to:): a message (its link, as Discord's
// "Copy Message Link" gives it, or its id) or a time in the table's zone ("2026-11-27 20:00"). A
// Discord id is a snowflake: its high bits are the milliseconds since Discord's epoch, so a message
// and a time compare on one line, and a time becomes the id bound a history read pages from.

const DISCORD_EPOCH = 1_420_070_400_000n;

export function snowflakeTime(id: string): Date {
  return new Date(Number((BigInt(id) >> 22n) + DISCORD_EPOCH));
}

/** The smallest id Discord could give at this millisecond. */
export function snowflakeAt(at: Date): string {
  const ms = BigInt(Math.max(0, at.getTime() - Number(DISCORD_EPOCH)));
  return (ms << 22n).toString();
}

export type LogPoint = { kind: 'message'; id: string } | { kind: 'time'; at: Date };
export type PointError = 'format' | 'otherChannel';

const LINK = /^<?https?:\/\/(?:(?:ptb|canary)\.)?discord(?:app)?\.com\/channels\/(\d{17,20}|@me)\/(\d{17,20})\/(\d{17,20})>?$/;
const ID = /^\d{17,20}$/;
const TIME = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/** Full-width digits and punctuation (a Japanese keyboard) read as their ASCII forms. */
const narrow = (s: string) => s.replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/\u3000/g, ' ');

export function parsePoint(input: string, channelId: string, timeZone: string): LogPoint | { error: PointError } {
  const value = narrow(input.trim());
  const link = LINK.exec(value);
  if (link) return link[2] === channelId ? { kind: 'message', id: link[3]! } : { error: 'otherChannel' };
  if (ID.test(value)) return { kind: 'message', id: value };
  const time = TIME.exec(value.replace(/\//g, '-'));
  if (!time) return { error: 'format' };
  const [y, mo, d, h = '0', mi = '0', s = '0'] = time.slice(1);
  const parts = [y, mo, d, h, mi, s].map(Number) as [number, number, number, number, number, number];
  if (parts[1] < 1 || parts[1] > 12 || parts[2] < 1 || parts[2] > 31 || parts[3] > 23 || parts[4] > 59 || parts[5] > 59) return { error: 'format' };
  const at = zonedTime(parts, timeZone);
  // 2026-02-31 rolls over in Date.UTC: a day the calendar does not have is refused, not moved.
  if (Number.isNaN(at.getTime()) || new Date(Date.UTC(parts[0], parts[1] - 1, parts[2])).getUTCDate() !== parts[2]) return { error: 'format' };
  return { kind: 'time', at };
}

/** A wall-clock time in an IANA zone, as an instant (the zone's offset at that moment, DST included). */
function zonedTime([y, mo, d, h, mi, s]: [number, number, number, number, number, number], timeZone: string): Date {
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  // Twice: the offset at the first guess may differ from the offset at the answer near a DST change.
  let at = wall - offsetAt(wall, timeZone);
  at = wall - offsetAt(at, timeZone);
  return new Date(at);
}

function offsetAt(instant: number, timeZone: string): number {
  const format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
  const get = (type: string) => Number(format.formatToParts(new Date(instant)).find((p) => p.type === type)!.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** A point as the first or last instant it stands for (a message: its own time, included). */
export function pointTime(point: LogPoint): Date {
  return point.kind === 'message' ? snowflakeTime(point.id) : point.at;
}

/** The history read's exclusive bounds: a message point includes that message. */
export function afterBound(point: LogPoint): string {
  return point.kind === 'message' ? (BigInt(point.id) - 1n).toString() : (BigInt(snowflakeAt(point.at)) - 1n).toString();
}

export function beforeBound(point: LogPoint): string {
  return point.kind === 'message' ? (BigInt(point.id) + 1n).toString() : snowflakeAt(new Date(point.at.getTime() + 1));
}
