// The seal window of a percentage battle (seed 000 L43: a Command Seal is used "once the final win rate
// is known": +30 % for a servant fighting as main, +20 % as sub). `/battle seal_window:true` stops
// after the rate; each side reads it privately with buttons to add a seal or say it is ready; when both
// are ready (or the GM rolls) the battle is rolled with the draw already made and the seals added.
import { KeyedError } from '../../core/keyed-error.js';
import { UserError } from '../errors.js';
import { tableOf } from '../table.js';
import { optionsFrom } from '../options-from.js';
import type { CommandContext, CommandOptions } from '../types.js';
import { membersOf } from './report.js';
import { percentOf } from './profiles.js';
import type { Combatant, Seat } from '../../core/grailwar/battle.js';
import type { Status } from '../../core/grailwar/status.js';
import { translator, type Locale, type Translate } from '../../i18n/index.js';
import { line } from '../../views/line.js';
import { own } from '../../views/owned.js';
import { appendEvent } from '../../store/events.js';
import { channelGm } from '../../store/gms.js';
import type { FactionRow } from '../../store/schema/index.js';
import { getFaction, getWar, updateWar } from '../../store/wars.js';
import { text, type Block, type DirectMessage, type Readers, type Reply } from '../../views/view.js';

type OptionValue = string | number | boolean;

export interface PendingSide {
  factionId: number;
  /** Where its seal counts: +30 % with its servant as main, +20 % as sub; null when no servant fights. */
  kind: 'main' | 'sub' | null;
  /** Seals the /battle options already spend for this faction (checked against what it has left). */
  committed: number;
  /** Seals added in the window. */
  seals: number;
  ready: boolean;
}

export interface PendingBattle {
  /** The GM's /battle options, replayed when it is rolled. */
  options: Record<string, OptionValue>;
  third: Status;
  firstDraw: Status | null;
  gmId: string;
  /** `ours` then `theirs`. */
  sides: [PendingSide, PendingSide];
}

export interface BattleMode {
  hold?: boolean;
  resume?: { third: Status; firstDraw: Status | null; gmId: string };
}

type Fight = (ctx: CommandContext, options: CommandOptions, mode: BattleMode) => Promise<Reply>;


function kindOf(side: Combatant[], factionId: number): PendingSide['kind'] {
  if (side.some((c) => c.role === 'main' && c.kind === 'servant' && c.factionId === factionId)) return 'main';
  if (side.some((c) => c.role === 'sub' && c.kind === 'servant' && c.factionId === factionId)) return 'sub';
  return null;
}

/** Which /battle options to keep, and their kinds (read off the command's registered definition). */
export type OptionKinds = readonly (readonly [string, 'string' | 'integer' | 'boolean'])[];

export function holdBattle(
  options: CommandOptions,
  kinds: OptionKinds,
  draw: { third: Status; firstDraw: Status | null },
  gmId: string,
  factions: [FactionRow, FactionRow],
  sides: [Combatant[], Combatant[]],
  committed: (f: FactionRow) => number,
): PendingBattle {
  const kept: Record<string, OptionValue> = {};
  for (const [name, type] of kinds) {
    const v = type === 'string' ? options.string(name) : type === 'integer' ? options.integer(name) : options.boolean(name);
    if (v !== null) kept[name] = v;
  }
  const side = (i: 0 | 1): PendingSide => ({ factionId: factions[i].id, kind: kindOf(sides[i], factions[i].id), committed: committed(factions[i]), seals: 0, ready: false });
  return { options: kept, ...draw, gmId, sides: [side(0), side(1)] };
}

/** The held options with the window's seals added where each side's seal counts. */
function replay(p: PendingBattle): CommandOptions {
  const values: Record<string, OptionValue> = { ...p.options };
  p.sides.forEach((s, i) => {
    if (!s.seals || !s.kind) return;
    const name = `${i === 0 ? '' : 'their_'}${s.kind === 'main' ? 'seals' : 'sub_seals'}`;
    values[name] = Number(values[name] ?? 0) + s.seals;
  });
  return optionsFrom(null, values);
}

const buttonsFor = (t: Translate, warId: number, i: number, s: PendingSide) => [
  ...(s.kind ? [{ customId: `battle:seal:${warId}:${i}`, label: t(s.kind === 'main' ? 'battle.window.sealMain' : 'battle.window.sealSub'), style: 'danger' as const }] : []),
  { customId: `battle:ready:${warId}:${i}`, label: t('battle.window.ready'), style: 'success' as const },
];

/**
 * The GM's answer and each side's DM when a battle is held: the rate so far, the buttons. Each side
 * reads its own view of the battle (`blocksFor(seat)`, seed 000 L28: its own superior statuses and its
 * own rate) and the seals it may still use, which are its own (`readers`).
 */
export function heldReply(
  ctx: CommandContext,
  out: { war: { id: number }; ours: FactionRow; theirs: FactionRow; pending: PendingBattle; localeOf: (userId: string) => Locale },
  blocksFor: (seat: Seat) => Block[],
  readers: (f: FactionRow) => Readers,
): Reply {
  const seats: Seat[] = ['ours', 'theirs'];
  const factions = [out.ours, out.theirs] as const;
  const dms: DirectMessage[] = factions.flatMap((f, i) => {
    const side = out.pending.sides[i]!;
    const its = readers(f);
    const blocks: Block[] = [...blocksFor(seats[i]!), { ...line('battle.window.ask', { seals: own((percentOf(f)?.sealsLeft ?? 0) - side.committed, its) }), readers: its }];
    return (f.members as string[]).map((userId) => {
      const locale = out.localeOf(userId);
      const t = translator(locale);
      return { userId, view: { locale, tone: 'secret' as const, title: t('battle.window.title', { faction: f.name }), blocks, buttons: buttonsFor(t, out.war.id, i, side), ephemeral: false } };
    });
  });
  return {
    view: {
      locale: ctx.locale,
      tone: 'info',
      title: ctx.t('battle.title'),
      blocks: [...blocksFor('ours'), text(ctx.t('battle.window.held', { ours: out.ours.name, theirs: out.theirs.name }))],
      buttons: [{ customId: `battle:roll:${out.war.id}:0`, label: ctx.t('battle.window.roll'), style: 'primary' }],
      ephemeral: true,
    },
    dms,
  };
}

/** The whole battle for the GM when a side's press rolled it, in the GM's language (the GM reads every line). */
export function gmDirectMessage(gmId: string, locale: Locale, blocks: Block[]): DirectMessage {
  const t = translator(locale);
  return { userId: gmId, gm: true, view: { locale, tone: 'secret', title: t('battle.title'), blocks, ephemeral: false } };
}

/** A press in the window: a side adds a seal or says it is ready; the GM rolls. */
export async function sealWindowPress(ctx: CommandContext, customId: string, fight: Fight): Promise<Reply> {
  const [, action, warPart, sidePart] = customId.split(':');
  const warId = Number(warPart);
  const index = Number(sidePart);
  if (!['seal', 'ready', 'roll'].includes(action ?? '') || !Number.isSafeInteger(warId) || (index !== 0 && index !== 1)) throw new UserError('error.staleButton');
  const pressed = await ctx.store.transaction(async (tx) => {
    const war = await getWar(tx, warId);
    const pending = war?.pendingBattle as PendingBattle | null | undefined;
    if (!war || war.status !== 'active' || !pending) throw new UserError('battle.window.gone');
    if (action === 'roll') {
      const gm = await channelGm(tx, war.channelId);
      if (ctx.user.id !== pending.gmId && ctx.user.id !== gm?.userId) throw new UserError('warcmd.gmOnly');
      return { war, pending, rollNow: true, faction: null };
    }
    const side = pending.sides[index]!;
    const faction = await getFaction(tx, side.factionId);
    if (!faction || !membersOf([faction]).includes(ctx.user.id)) throw new UserError('battle.window.notYours');
    if (side.ready) throw new UserError('battle.window.alreadyReady');
    const next: PendingBattle = structuredClone(pending);
    const mine = next.sides[index]!;
    if (action === 'seal') {
      if (!mine.kind) throw new UserError('battle.window.noServant', { faction: faction.name });
      const have = percentOf(faction)?.sealsLeft ?? 0;
      if (mine.committed + mine.seals + 1 > have) throw new UserError('battle.notEnoughSeals', { faction: faction.name, have });
      mine.seals += 1;
    } else {
      mine.ready = true;
    }
    await updateWar(tx, war.id, { pendingBattle: next });
    await appendEvent(tx, { at: ctx.now(), guildId: war.guildId, channelId: war.channelId, actorId: ctx.user.id, type: `war.battle.${action}`, subject: `faction:${faction.id}`, before: { pendingBattle: pending }, after: { pendingBattle: next } });
    return { war, pending: next, rollNow: next.sides.every((s) => s.ready), faction };
  });
  const { war, pending } = pressed;
  if (!pressed.rollNow) {
    const side = pending.sides[index]!;
    const seals = (percentOf(pressed.faction!)?.sealsLeft ?? 0) - side.committed - side.seals;
    const key = action === 'seal' ? (side.kind === 'main' ? 'battle.window.sealedMain' : 'battle.window.sealedSub') : 'battle.window.waiting';
    return { view: { locale: ctx.locale, tone: 'secret', title: ctx.t('battle.title'), blocks: [text(ctx.t(key, { count: side.seals, seals }))], ephemeral: true }, dms: [] };
  }
  // Rolled where the war is: its channel, its server, its table's language.
  const table = await ctx.store.transaction((tx) => tableOf(tx, war.channelId, war.guildId, ctx.locale));
  const atWar: CommandContext = { ...ctx, channelId: war.channelId, guildId: war.guildId, canManageChannel: false, table };
  try {
    return await fight(atWar, replay(pending), { resume: { third: pending.third, firstDraw: pending.firstDraw, gmId: pending.gmId } });
  } catch (error) {
    // A side's last "ready" rolls the battle as the GM held it; if it no longer can be (a faction spent
    // the seals or charms it committed meanwhile, a status changed), the refusal would name the other
    // side's numbers ("X has only 1 seal"): the presser reads only that it failed, the GM's Roll now why.
    if (action !== 'roll' && error instanceof KeyedError) throw new UserError('battle.window.failed');
    throw error;
  }
}
