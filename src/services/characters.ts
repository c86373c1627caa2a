// Loading, authorizing and saving characters for the character commands: every change goes through
// saveCharacter, which writes the row and its event (before/after) in the caller's transaction.
import { clampRuntime, maxima, type CharacterRuntime, type Maxima } from '../core/fate/character.js';
import { deriveValues, type Derived } from '../core/fate/sheet/index.js';
import { wealthMax } from '../core/fate/wealth.js';
import type { CharacterSheet } from '../core/fate/sheet/types.js';
import { activeCharacter, activeCharacterWithFight, findCharacter, updateCharacter } from '../store/characters.js';
import { warStandings } from '../store/wars.js';
import type { FateCombatState, FightBadStatus } from './combat/state.js';
import type { Tx } from '../store/db.js';
import { appendEvent } from '../store/events.js';
import { channelGm } from '../store/gms.js';
import { masterFactionInWar } from '../store/wars.js';
import type { CharacterRow, FactionRow } from '../store/schema/index.js';
import type { Readers } from '../views/view.js';
import { secrecyFrom } from './secrecy.js';
import { UserError } from './errors.js';
import type { CommandContext } from './types.js';

export interface Character {
  row: CharacterRow;
  sheet: CharacterSheet;
  runtime: CharacterRuntime;
  derived: Derived;
  max: Maxima;
}

export function hydrate(row: CharacterRow): Character {
  const sheet = row.sheet as CharacterSheet;
  const runtime = row.state as CharacterRuntime;
  const derived = deriveValues(sheet);
  return { row, sheet, runtime, derived, max: maxima(derived, runtime) };
}

export function guildOf(ctx: CommandContext): string {
  if (!ctx.guildId) throw new UserError('error.guildOnly');
  return ctx.guildId;
}

/** The named character, or the caller's active one in this channel. */
export async function resolveCharacter(tx: Tx, ctx: CommandContext, name: string | null): Promise<Character> {
  const guildId = guildOf(ctx);
  if (name) {
    const row = await findCharacter(tx, guildId, name, ctx.user.id);
    if (!row) throw new UserError('character.notFound', { name });
    return hydrate(row);
  }
  const row = await activeCharacter(tx, ctx.channelId, ctx.user.id);
  if (!row) throw new UserError('character.noActive');
  return hydrate(row);
}

/**
 * Refuses a character without a Fate/roll dice sheet: one born of a Ccfolia import (issue 21 §2) has
 * its bars and palette but a blank sheet, which would roll and spend from zeros.
 */
export function withFateSheet(c: Character): Character {
  if (c.sheet.origin === 'ccfolia') throw new UserError('ccfolia.noFateSheet', { name: c.row.name });
  return c;
}

/** The named or active character a Fate command (/check, /seal, /luck…) acts for, refused without a Fate sheet. */
export async function resolveFateCharacter(tx: Tx, ctx: CommandContext, name: string | null): Promise<Character> {
  return withFateSheet(await resolveCharacter(tx, ctx, name));
}

/**
 * The same, with the character's bad statuses in this channel's Fate fight when they were read with it
 * (the active character: one statement; a named one leaves them to services/combat/fate-conditions.ts).
 */
export async function resolveFateCharacterHere(tx: Tx, ctx: CommandContext, name: string | null): Promise<{ c: Character; bs?: FightBadStatus[] }> {
  if (name) return { c: await resolveFateCharacter(tx, ctx, name) };
  guildOf(ctx);
  const found = await activeCharacterWithFight(tx, ctx.channelId, ctx.user.id);
  if (!found) throw new UserError('character.noActive');
  const c = withFateSheet(hydrate(found.character));
  const fight = found.fight as FateCombatState | null;
  return { c, bs: fight?.combatants?.find((x) => x.characterId === c.row.id)?.bs ?? [] };
}

export async function isChannelGm(tx: Tx, ctx: CommandContext): Promise<boolean> {
  return (await channelGm(tx, ctx.channelId))?.userId === ctx.user.id;
}

/** Only the owner, or the GM of this channel, changes a character. */
export async function assertCanEdit(tx: Tx, ctx: CommandContext, c: Character): Promise<void> {
  if (c.row.ownerId !== ctx.user.id && !await isChannelGm(tx, ctx)) throw new UserError('character.notYours', { name: c.row.name });
}

export async function assertGm(tx: Tx, ctx: CommandContext): Promise<void> {
  if (!await isChannelGm(tx, ctx)) throw new UserError('character.gmOnly');
}

/** Writes a new sheet and/or runtime and one event with both before and after. */
export async function saveCharacter(
  tx: Tx,
  ctx: CommandContext,
  c: Character,
  type: string,
  next: { sheet?: CharacterSheet; runtime?: CharacterRuntime; name?: string },
): Promise<Character> {
  const sheet = next.sheet ?? c.sheet;
  const derived = next.sheet ? deriveValues(sheet) : c.derived;
  const runtime0 = next.runtime ?? c.runtime;
  const max = maxima(derived, runtime0);
  const runtime = clampRuntime(runtime0, max);
  const at = ctx.now();
  const changes = { sheet, state: runtime, updatedAt: at, name: next.name ?? c.row.name, type: sheet.type };
  await updateCharacter(tx, c.row.id, changes);
  await appendEvent(tx, {
    at,
    guildId: c.row.guildId, // the sheet's server, also when changed from a DM (a seal approved there)
    channelId: ctx.channelId,
    actorId: ctx.user.id,
    type,
    subject: `character:${c.row.id}`,
    before: next.sheet ? { sheet: c.sheet, state: c.runtime, name: c.row.name } : { state: c.runtime },
    after: next.sheet ? { sheet, state: runtime, name: changes.name } : { state: runtime },
  });
  return { row: { ...c.row, ...changes }, sheet, runtime, derived, max };
}

/** "HP 31/48 · MP 20/34 · luck 1/3 · seals 2" for replies. */
export function resourceLine(ctx: CommandContext, c: Character): string {
  const parts = [
    ctx.t('character.hp', { hp: c.runtime.hp, max: c.max.hpMax }),
    ctx.t('character.mp', { mp: c.runtime.mp, max: c.max.mpMax }),
    ctx.t('character.luck', { left: Math.max(0, c.max.luckPerDay - c.runtime.luckUsedToday), perDay: c.max.luckPerDay }),
  ];
  if (c.runtime.sealsRemaining !== null) parts.push(ctx.t('character.seals', { seals: c.runtime.sealsRemaining }));
  if (c.runtime.supportPool > 0) parts.push(ctx.t('character.support', { points: c.runtime.supportPool }));
  const wealth = wealthMax(c.sheet);
  if (wealth > 0) parts.push(ctx.t('character.wealth', { left: wealth - (c.runtime.wealthSpent ?? 0), max: wealth }));
  // Items bought with wealth points (L963): "items HP×2 魔術×1".
  const items = c.runtime.wealthItems;
  const held = items ? [...(items.hp ? [`HP×${items.hp}`] : []), ...(items.mp ? [`MP×${items.mp}`] : []), ...Object.entries(items.skills).filter(([, n]) => n > 0).map(([k, n]) => `${k}×${n}`)] : [];
  if (held.length) parts.push(ctx.t('wealth.items', { items: held.join(' ') }));
  if (c.runtime.sealBank) parts.push(ctx.t('character.sealBank', { amount: c.runtime.sealBank.amount }));
  if (c.runtime.dead) parts.push(ctx.t('character.dead'));
  else if (c.runtime.incapacitated) parts.push(ctx.t('character.incapacitated'));
  return parts.join(' · ');
}

/** What the server's wars make of a character: whose secret its resources are, and its faction as a master in this channel's war. */
export interface WarStanding {
  /** its resources' readers (../secrecy.ts), or null when they are public */
  readers: Readers | null;
  /** the faction it is the master of in this channel's active war, not eliminated */
  masterHere: FactionRow | undefined;
}

/**
 * A character's standing in the server's wars in one statement: a check needs both whose its resources
 * are (seed 001 L50) and whether it is a master asleep or up all night in this channel's war (L246–249).
 */
export async function warStanding(tx: Tx, ctx: CommandContext, c: Character): Promise<WarStanding> {
  const rows = await warStandings(tx, ctx.guildId, [c.row.id]);
  const masterHere = rows.find((r) => r.channelId === ctx.channelId && r.faction.masterId === c.row.id && !r.faction.eliminated)?.faction;
  return { readers: secrecyFrom([c.row.id], rows.map((r) => r.faction)).get(c.row.id) ?? null, masterHere };
}

/**
 * Whether the character may make a check now, and the all-nighter penalty on it (seed 001 L204,
 * L246–249): the dead and the incapacitated make no checks, nor does a sleeping master; a master
 * in the all-nighter takes −1 per turn on every check ("あらゆる判定", attack and defense too).
 */
export async function checkStanding(tx: Tx, ctx: CommandContext, c: Character, known?: WarStanding): Promise<{ allNighter: number }> {
  if (c.runtime.dead) throw new UserError('check.dead', { name: c.row.name });
  if (c.runtime.incapacitated) throw new UserError('check.incapacitated', { name: c.row.name });
  const master = known ? known.masterHere : await masterFactionInWar(tx, ctx.channelId, c.row.id);
  const fate = (master?.state as { fate?: { sleptThisTurn: boolean; allNighter: number } } | undefined)?.fate;
  if (fate?.sleptThisTurn) throw new UserError('check.asleep', { name: c.row.name });
  return { allNighter: fate?.allNighter ?? 0 };
}
