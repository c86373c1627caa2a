// What each reader of a percentage battle reads (seed 000 L25–28, L43; README "Who sees what": the
// two sides read the status picks, superior/inferior per status and the final win rate, each its own
// war power only; the GM reads everything). Each side's lines are computed for that side (oddsFor:
// its superior statuses, its base, its own charms and seals as a plus for itself, its own final rate),
// and every number in them is an Owned value with its owner's readers: a side's war power belongs to
// the factions of that side, a number made of both sides' numbers (total war power difference, level
// difference, the rate before items) to the GM alone, a faction's mana and seals to that faction. The
// adapters word each line for its reader (src/views/audience.ts), so a line handed to the wrong reader
// shows "?" or is dropped, never the other side's number.
import { oddsFor, type BattleOdds, type Seat } from '../../core/grailwar/battle.js';
import type { Status } from '../../core/grailwar/status.js';
import { upkeepEffectMessage, type UpkeepEffect } from '../../core/grailwar/upkeep.js';
import type { FactionRow } from '../../store/schema/index.js';
import { line, type Line } from '../../views/line.js';
import { combine, own } from '../../views/owned.js';
import type { Block, Readers } from '../../views/view.js';
import { membersOf } from './report.js';

/** Who fought on each side (its main faction first, then an ally), and who ran the battle as its GM. */
export interface BattleSeats {
  ours: FactionRow[];
  theirs: FactionRow[];
  /** The GM who ran /battle: reads everything (the channel's GM does too, as GM). */
  gmId: string;
}

export const otherSeat = (seat: Seat): Seat => (seat === 'ours' ? 'theirs' : 'ours');

/** The GM: the channel's GM and whoever ran this battle as its GM. */
export const gmReaders = (seats: Pick<BattleSeats, 'gmId'>): Readers => ({ gm: true, users: [seats.gmId] });

/** A faction's own numbers (its mana, its seals): its members and the GM. */
export const factionReaders = (f: FactionRow, seats: Pick<BattleSeats, 'gmId'>): Readers => ({ gm: true, users: [...membersOf([f]), seats.gmId] });

/** A side's numbers (its war power, its rate): the members of every faction fighting on it, and the GM. */
export const seatReaders = (seats: BattleSeats, seat: Seat): Readers => ({ gm: true, users: [...membersOf(seats[seat]), seats.gmId] });

/** What the rule gives both sides (the picks, superior/inferior per status, the table row): both sides and the GM. */
const bothReaders = (seats: BattleSeats): Readers => ({ gm: true, users: [...membersOf([...seats.ours, ...seats.theirs]), seats.gmId] });

/** A side's players without the GM: a note only they need. */
const playersOf = (seats: BattleSeats, seat: Seat): Readers => ({ users: membersOf(seats[seat]) });

const readBy = (l: Line, readers: Readers): Block => ({ ...l, readers });
const signed = (n: number): string => (n > 0 ? `+${n}` : String(n));
const status = (s: Status): Line => line(`gw.status.${s}`);

/** The seat a faction fought on, or null when it did not fight. */
export function seatOf(seats: BattleSeats, f: FactionRow): Seat | null {
  if (seats.ours.some((x) => x.id === f.id)) return 'ours';
  if (seats.theirs.some((x) => x.id === f.id)) return 'theirs';
  return null;
}

/** The picks (L25): the player's, the GM's, the drawn one, and a seal's redraw (L44). */
export function pickLines(seats: BattleSeats, odds: BattleOdds, third: Status, firstDraw: Status | null): Block[] {
  const both = bothReaders(seats);
  const [ours, theirs] = [seats.ours[0]!.name, seats.theirs[0]!.name];
  return [
    readBy(line('battle.picks', { ours, theirs, a: status(odds.statuses[0]), b: status(odds.statuses[1]), c: status(third) }), both),
    ...(firstDraw ? [readBy(line('battle.redrawn', { from: status(firstDraw), to: status(third) }), both)] : []),
  ];
}

/**
 * The battle's numbers as `seat` reads them (L25–28, L43): per status its own war power against the
 * other side's (that one owned by the other side: "?" to this one), which side is superior from its
 * own side, the table row and base from its side, its own charms and seals as a plus for itself, its
 * own final rate — and, for the GM only, what is made of both sides' numbers and the other side's
 * items. With `roll`, the roll against this side's rate (the first side wins on its rate or less, the
 * other on the rest).
 */
export function oddsLines(seats: BattleSeats, odds: BattleOdds, seat: Seat, roll?: { roll: number; winner: string }): Block[] {
  const view = oddsFor(odds, seat);
  const other = otherSeat(seat);
  const mine = seatReaders(seats, seat);
  const theirs = seatReaders(seats, other);
  const both = bothReaders(seats);
  const gm = gmReaders(seats);
  const blocks: Block[] = [];
  const ownPowers = view.powers.map((p) => own(p.ours, mine));
  const theirPowers = view.powers.map((p) => own(p.theirs, theirs));
  view.powers.forEach((p, i) => {
    blocks.push(readBy(line(`gw.odds.status.${p.result}`, { status: status(p.status), ours: ownPowers[i]!, theirs: theirPowers[i]! }), both));
  });
  blocks.push(readBy(line('gw.odds.base', { row: line(`gw.row.${view.row}`), value: own(view.base, both) }), both));
  // Made of both sides' numbers (L28): the total war power difference is read by the two sides' common
  // readers, the GM; so are the level difference, the GM's own modifier and the rate before items.
  const sum = (values: typeof ownPowers) => combine(values, (...v) => v.reduce<number>((a, b) => a + Number(b), 0));
  const totalDiff = combine([sum(ownPowers), sum(theirPowers)], (a, b) => signed(Number(a) - Number(b)));
  if (view.totalDiff !== 0) blocks.push(readBy(line('gw.odds.totalDiff', { value: totalDiff }), gm));
  if (view.levelBonus !== 0) blocks.push(readBy(line('gw.odds.levelBonus', { value: own(signed(view.levelBonus), gm) }), gm));
  if (view.other !== 0) blocks.push(readBy(line('gw.odds.other', { value: own(signed(view.other), gm) }), gm));
  const items = view.items;
  const anyItems = items.ours.charms + items.ours.seals + items.theirs.charms + items.theirs.seals > 0;
  if (anyItems) blocks.push(readBy(line('gw.odds.before', { value: own(view.before, gm) }), gm));
  // Each side's own charms (L4) and seals (L43) raise its own rate; the other side's lower it and are its own to know.
  const otherName = seats[other][0]!.name;
  if (items.ours.charms) blocks.push(readBy(line('gw.odds.charms', { value: own(signed(items.ours.charms), mine) }), mine));
  if (items.theirs.charms) blocks.push(readBy(line('gw.odds.charms.other', { faction: otherName, value: own(signed(-items.theirs.charms), theirs) }), theirs));
  if (items.ours.seals) blocks.push(readBy(line('gw.odds.seals', { value: own(signed(items.ours.seals), mine) }), mine));
  if (items.theirs.seals) blocks.push(readBy(line('gw.odds.seals.other', { faction: otherName, value: own(signed(-items.theirs.seals), theirs) }), theirs));
  blocks.push(readBy(line('gw.odds.rate', { value: own(view.rate, mine) }), mine));
  // Told to the side's players whatever the numbers, so that its presence says nothing about them.
  blocks.push(readBy(line('battle.hiddenParts'), playersOf(seats, seat)));
  if (roll) {
    const rate = own(view.rate, mine);
    blocks.push(
      readBy(
        seat === 'ours'
          ? line('battle.roll', { roll: roll.roll, rate, winner: roll.winner })
          : line('battle.roll.high', { roll: roll.roll, from: own(101 - view.rate, mine), rate, winner: roll.winner }),
        mine,
      ),
    );
  }
  return blocks;
}

/** A faction's battle cost (L38): its mana, its own. */
export function costLine(seats: BattleSeats, e: UpkeepEffect, f: FactionRow): Block {
  const readers = factionReaders(f, seats);
  const m = upkeepEffectMessage(e, () => f.name);
  const params = Object.fromEntries(Object.entries(m.params).map(([k, v]) => [k, k === 'name' ? v : own(v, readers)]));
  return readBy(line(m.key, params), readers);
}

/** The eater's soul-eating outcome (L6–7): the mana it gained is its own. */
export function soulEatingLine(seats: BattleSeats, eater: FactionRow, win: boolean, groups: number, mana: number): Block {
  const readers = factionReaders(eater, seats);
  return readBy(
    win ? line('battle.soulEating.success', { faction: eater.name, groups: own(groups, readers), mana: own(mana, readers) }) : line('battle.soulEating.failure', { faction: eater.name }),
    readers,
  );
}

/** A lost faction's retreat (L47): the seals it needs and has left, its own. */
export function retreatLine(seats: BattleSeats, f: FactionRow, pending: { seals: number }, sealsLeft: number): Block {
  const readers = factionReaders(f, seats);
  return readBy(line('battle.lost', { faction: f.name, seals: own(pending.seals, readers), have: own(sealsLeft, readers) }), readers);
}
