// Ccfolia characters in the store (issue 21 §2): an import creates or updates the player's character
// of that name, and a palette's `:HP-5` line changes that character, in the caller's transaction,
// through saveCharacter (one event row, which the undo button reverts).
import { ccfoliaRuntime, ccfoliaSheet } from '../core/palette/ccfolia-character.js';
import { CcfoliaError, changeStatus, findStatus, isHp, isMp, withStatus, type CcfoliaCharacter, type StatusChange, type StatusOp } from '../core/palette/ccfolia.js';
import { findCharacter, insertCharacter, setActiveCharacter } from '../store/characters.js';
import type { Tx } from '../store/db.js';
import { appendEvent } from '../store/events.js';
import { guildOf, hydrate, saveCharacter, type Character } from './characters.js';
import type { CommandContext, TableContext } from './types.js';

/** The caller's own character of that name, updated from Ccfolia, or a new one; made active here. */
export async function upsertCcfoliaCharacter(tx: Tx, ctx: CommandContext, c: CcfoliaCharacter): Promise<{ character: Character; created: boolean }> {
  const guildId = guildOf(ctx);
  const existing = await findCharacter(tx, guildId, c.name, ctx.user.id);
  if (existing && existing.ownerId === ctx.user.id) {
    const before = hydrate(existing);
    const character = await saveCharacter(tx, ctx, before, 'character.ccfolia', { runtime: ccfoliaRuntime(c, before.runtime) });
    await setActiveCharacter(tx, ctx.channelId, ctx.user.id, character.row.id);
    return { character, created: false };
  }
  const at = ctx.now();
  const sheet = ccfoliaSheet(c.name);
  const state = ccfoliaRuntime(c, null);
  const values = { guildId, ownerId: ctx.user.id, npcChannelId: null, name: c.name, type: sheet.type, sheet, state, createdAt: at, updatedAt: at };
  const id = await insertCharacter(tx, values);
  await appendEvent(tx, { at, guildId, channelId: ctx.channelId, actorId: ctx.user.id, type: 'character.created', subject: `character:${id}`, before: null, after: { name: c.name, npc: false, origin: 'ccfolia' } });
  await setActiveCharacter(tx, ctx.channelId, ctx.user.id, id);
  return { character: hydrate({ ...values, id, deletedAt: null }), created: true };
}

export interface AppliedStatus {
  character: Character;
  /** the label as the character writes it (HP, MP, SAN…) */
  label: string;
  change: StatusChange;
  max: number | null;
}

/** `:HP-5`, `:MP+2`, `:SAN=50` on the character: HP/MP are its pools, the rest its Ccfolia bars. */
export async function applyStatusLine(tx: Tx, ctx: CommandContext, c: Character, line: { label: string; op: StatusOp; amount: number }): Promise<AppliedStatus> {
  if (isHp(line.label) || isMp(line.label)) {
    const hp = isHp(line.label);
    const max = hp ? c.max.hpMax : c.max.mpMax;
    const change = changeStatus(hp ? c.runtime.hp : c.runtime.mp, max, line.op, line.amount);
    // HP 0 incapacitates and any HP above 0 ends it, as /hp does (seed 001 L204).
    const runtime = hp ? { ...c.runtime, hp: change.after, incapacitated: change.after === 0 } : { ...c.runtime, mp: change.after };
    const character = await saveCharacter(tx, ctx, c, 'palette.status', { runtime });
    return { character, label: hp ? 'HP' : 'MP', change, max };
  }
  const bars = c.runtime.ccfolia;
  const status = bars ? findStatus(bars, line.label) : null;
  if (!bars || !status) throw new CcfoliaError('noStatus', { label: line.label, name: c.row.name });
  const change = changeStatus(status.value, status.max, line.op, line.amount);
  const character = await saveCharacter(tx, ctx, c, 'palette.status', { runtime: { ...c.runtime, ccfolia: withStatus(bars, status.label, change.after) } });
  return { character, label: status.label, change, max: status.max };
}

/** "HP 7/12 · MP 10/10 · SAN 55/99" — a Ccfolia character's bars, as its owner and the table read them. */
export function barsLine(c: Character): string {
  const bar = (label: string, value: number, max: number | null) => `${label} ${value}${max === null ? '' : `/${max}`}`;
  return [bar('HP', c.runtime.hp, c.max.hpMax), bar('MP', c.runtime.mp, c.max.mpMax), ...(c.runtime.ccfolia?.status ?? []).map((s) => bar(s.label, s.value, s.max))].join(' · ');
}

/** "STR 13 · CON 12 … · initiative 14", for /sheet show; empty without Ccfolia params. */
export function paramsLine(reader: TableContext, c: Character): string {
  const r = c.runtime.ccfolia;
  if (!r) return '';
  return [...r.params.map((p) => `${p.label} ${p.value}`), ...(r.initiative !== null ? [reader.t('ccfolia.initiative', { value: r.initiative })] : [])].join(' · ');
}
