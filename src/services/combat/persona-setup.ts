// Putting combatants into a Persona fight: ad hoc (/combat add) or from a stat block (/persona add),
// before round 1 or as reinforcements later. Every addition echoes the stats it stored, so the GM sees
// a typo at once. Stat blocks stay in the fight's JSON state; a later fight in the same channel finds
// them by name (no table of their own).
import { and, desc, eq } from 'drizzle-orm';
import { addReinforcement, createCombat, declarePersona, removeCombatant, wait, type CombatantInit, type PersonaEvent } from '../../core/persona/index.js';
import type { RandomSource } from '../../core/random.js';
import { ev } from '../../core/persona/types.js';
import { DEFAULT_BAD_STATUSES, findBadStatus } from '../../core/persona/status-table.js';
import type { Tx } from '../../store/db.js';
import { UserError } from '../errors.js';
import { isGm } from './store.js';
import type { CommandContext, CommandOptions } from '../types.js';
import { blockInit, type PersonaEntry, type PersonaSkill, type StatBlock } from './persona-block.js';
import { parseResistances } from './persona-input.js';
import { advanceToSlot, type PersonaCombatState, type PersonaSetup } from './persona.js';

const NAME_MAX = 100;

/** "HP 40 · SP 30 · DEX 12 · 速 10 …" in the reader's language: what was stored, for the GM to check. */
export function statLine(ctx: CommandContext, c: CombatantInit, skills: readonly PersonaSkill[] = []): string {
  const t = ctx.t;
  const parts = [
    `HP ${c.hp}`,
    `SP ${c.sp ?? 0}`,
    c.dex !== undefined && c.dex !== null ? `DEX ${c.dex}` : '',
    `${t('persona.stat.agi')} ${c.agi}`,
    `${t('persona.stat.luck')} ${c.luck}`,
    c.con || c.pow ? `CON/POW ${c.con ?? 0}/${c.pow ?? 0}` : '',
    c.personaEnd || c.personaMag ? `${t('persona.stat.endMag')} ${c.personaEnd ?? 0}/${c.personaMag ?? 0}` : '',
    c.physDb && c.physDb !== '0' ? `db ${c.physDb}` : '',
    c.magDb && c.magDb !== '0' ? `${t('persona.stat.mdb')} ${c.magDb}` : '',
    c.defense ? `${t('persona.stat.defense')} ${c.defense}` : '',
    c.armor ? `${t('persona.stat.armor')} ${c.armor}` : '',
    c.siz ? `SIZ ${c.siz}` : '',
    c.downResistance ? `${t('persona.stat.downRes')} ${c.downResistance}%` : '',
    c.damageTakenPct ? `${t('persona.stat.dmgPct')} ${c.damageTakenPct > 0 ? '+' : ''}${c.damageTakenPct}%` : '',
    c.personaSkill !== undefined ? `${t('persona.stat.persona')} ${c.personaSkill}%` : '',
    c.wild ? t('persona.stat.wild') : '',
    c.level !== undefined ? `Lv ${c.level}` : '',
    c.bossRank ? `${t('persona.stat.boss')} ${c.bossRank}` : '',
  ].filter(Boolean);
  const resist = Object.entries(c.resistances ?? {}).map(([e, r]) => `${t(`persona.element.${e}`)}:${t(`persona.resistance.${r}`)}`);
  const skillText = skills.map((s) => skillSummary(ctx, s));
  return [parts.join(' · '), resist.length ? `${t('persona.stat.resist')} ${resist.join(', ')}` : '', skillText.length ? `${t('persona.stat.skills')} ${skillText.join(' / ')}` : '']
    .filter(Boolean)
    .join('\n');
}

/**
 * A Wild's Personas, one line each (JA L787): the GM checks every Persona's stats, resistances and
 * skills as stored, not only the first one's, which the stat line above already shows as current.
 */
export function personaLines(ctx: CommandContext, personas: readonly PersonaEntry[] = []): string[] {
  const t = ctx.t;
  return personas.map((p) => {
    const stats = [
      p.agi !== undefined ? `${t('persona.stat.agi')} ${p.agi}` : '',
      p.luck !== undefined ? `${t('persona.stat.luck')} ${p.luck}` : '',
      p.end !== undefined || p.mag !== undefined ? `${t('persona.stat.endMag')} ${p.end ?? '-'}/${p.mag ?? '-'}` : '',
      p.db !== undefined ? `db ${p.db}` : '',
      p.mdb !== undefined ? `${t('persona.stat.mdb')} ${p.mdb}` : '',
      p.defense !== undefined ? `${t('persona.stat.defense')} ${p.defense}` : '',
      p.downResistance !== undefined ? `${t('persona.stat.downRes')} ${p.downResistance}%` : '',
    ].filter(Boolean);
    const resist = Object.entries(p.resist ?? {}).map(([e, r]) => `${t(`persona.element.${e}`)}:${t(`persona.resistance.${r}`)}`);
    const skills = (p.skills ?? []).map((s) => skillSummary(ctx, s));
    const parts = [stats.join(' · '), resist.length ? `${t('persona.stat.resist')} ${resist.join(', ')}` : '', skills.length ? `${t('persona.stat.skills')} ${skills.join(' / ')}` : ''].filter(Boolean);
    return t('persona.cmd.personaLine', { persona: p.name, stats: parts.join(' · ') || '-' });
  });
}

function skillSummary(ctx: CommandContext, s: PersonaSkill): string {
  const t = ctx.t;
  // an instant-death skill reads as it is written, `即死30` (its base rate, not a hit rate)
  const deathRate = s.kind === 'death' && typeof s.hit === 'number';
  const bits = [
    deathRate ? `${t('persona.skillKind.death')} ${s.hit}%` : t(`persona.skillKind.${s.kind}`),
    ...s.elements.map((e) => t(`persona.element.${e}`)),
    s.dice ?? (s.power !== undefined ? `${s.power}db` : ''),
    s.sp ? `SP${s.sp}` : '',
    s.hp ? `HP${s.hp}` : '',
    s.hit === 'auto' ? t('persona.stat.auto') : s.hit !== undefined && !deathRate ? `${t('persona.stat.hit')}${s.hit}` : '',
    s.all ? t('persona.stat.all') : '',
    s.hits && s.hits > 1 ? `×${s.hits}` : '',
    // the status by its name in the reader's language (a GM-defined one by what the GM wrote)
    s.status ? `${findBadStatus(DEFAULT_BAD_STATUSES, s.status.id)?.name[ctx.locale] ?? s.status.id}${s.status.rate === 'fuyo' ? '' : s.status.rate}` : '',
    s.cure ? t('persona.stat.cure') : '',
    s.revive ? t('persona.stat.revive') : '',
    s.rounds !== undefined ? t('persona.stat.rounds', { n: s.rounds }) : '',
  ].filter(Boolean);
  return `${s.name} (${bits.join(' ')})`;
}

/** Adds one combatant: into the setup before round 1, as a reinforcement afterwards. */
export function addToFight(ctx: CommandContext, s: PersonaCombatState, entry: Omit<PersonaSetup, 'id'>): { state: PersonaCombatState; events: PersonaEvent[] } {
  if (s.setup.some((c) => c.name === entry.name)) throw new UserError('combat.duplicate', { name: entry.name });
  const full = { ...entry, id: `p${s.nextKey}` } as PersonaSetup;
  const echo = ev('persona.setup.added', { name: full.name, stats: [statLine(ctx, full, full.skills), ...personaLines(ctx, full.block?.personas)].join('\n') });
  const next: PersonaCombatState = { ...s, setup: [...s.setup, full], nextKey: s.nextKey + 1 };
  if (!s.combat) return { state: next, events: [echo] };
  const { hidden: _h, owner: _o, block: _b, skills: _s, ...init } = full;
  const step = addReinforcement(s.combat, init);
  return { state: { ...next, combat: step.state }, events: [...step.events, echo] };
}

/** /combat add for a Persona fight: the ad hoc options (stats beyond these come from a stat block). */
export function addAdHoc(ctx: CommandContext, options: CommandOptions, s: PersonaCombatState): { state: PersonaCombatState; events: PersonaEvent[] } {
  const side = options.string('side')?.trim().toLowerCase();
  if (side !== 'pc' && side !== 'npc') throw new UserError('persona.cmd.side');
  const name = (options.string('who') ?? '').trim().slice(0, NAME_MAX);
  const hp = options.integer('hp');
  if (hp === null) throw new UserError('error.missingOption', { option: 'hp' });
  const persona = options.integer('persona');
  return addToFight(ctx, s, {
    name,
    side,
    agi: options.integer('iv') ?? 0,
    luck: options.integer('luck') ?? 0,
    hp,
    sp: options.integer('mp') ?? 0,
    defense: options.integer('defense') ?? 0,
    armor: options.integer('armor') ?? 0,
    resistances: parseResistances(options.string('resist')),
    // Without a <Persona> % the Persona is taken as already summoned (no start-of-combat roll).
    ...(persona === null ? { summoned: side === 'pc' } : { personaSkill: persona }),
    hidden: options.boolean('hidden') ?? false,
    owner: options.user('player')?.id ?? null,
    ...(options.boolean('wild') ? { wild: true } : {}),
  });
}

/**
 * A stat block entry for the fight. A Wild starts with its first Persona out (blockInit), so the
 * skills it can use are that Persona's (JA L101 「使用しているペルソナのスキル」, L797), not the
 * block's own list, which stays empty once a block has Persona sections.
 */
export function blockEntry(block: StatBlock, side: 'pc' | 'npc', hidden: boolean, owner: string | null): Omit<PersonaSetup, 'id'> {
  const { id: _id, ...init } = blockInit(block, 'x', side);
  const first = block.personas?.[0];
  return { ...init, hidden, owner, block, skills: (first ? first.skills : block.skills) ?? [] };
}

/** The newest stat block stored under this name in a Persona fight of this channel (this one or an earlier one). */
export async function storedBlock(tx: Tx, channelId: string, name: string): Promise<StatBlock | undefined> {
  const { combats } = tx.t;
  const recent = await tx.db.select().from(combats).where(and(eq(combats.channelId, channelId), eq(combats.ruleset, 'persona'))).orderBy(desc(combats.id)).limit(20);
  for (const row of recent) {
    const state = row.state as Partial<PersonaCombatState>;
    const found = [...(state.setup ?? [])].reverse().find((c) => c.block !== undefined && c.name === name);
    if (found?.block) return found.block;
    // one the GM took out of the fight is still this channel's block (issue 31)
    const removed = [...(state.removed ?? [])].reverse().find((c) => c.block !== undefined && c.name === name);
    if (removed?.block) return removed.block;
  }
  return undefined;
}

/**
 * /combat next in a Persona fight: ① the roster becomes the combat (the "Combat begins" line), ② each
 * PC with a <Persona> % rolls the start-of-combat summon (JA L48–49; a failure loses round 1, L64),
 * then the fight runs to the first open slot.
 */
export function startPersonaFight(s: PersonaCombatState, rng: RandomSource): { state: PersonaCombatState; events: PersonaEvent[] } {
  if (s.setup.length === 0) throw new UserError('combat.nobody');
  // A surprised side gets no turn in round 1 (JA L64): the GM's ruling at /combat start.
  const created = createCombat({ combatants: s.setup.map(({ hidden: _hidden, owner: _owner, block: _block, skills: _skills, ...c }) => c), surprised: s.surprised ?? null, config: s.config ?? {} });
  let combat = created.state;
  const events: PersonaEvent[] = [...created.events];
  for (const c of combat.combatants) {
    if (c.personaUser && !c.summoned && s.setup.find((x) => x.id === c.id)?.personaSkill !== undefined) {
      const step = declarePersona(combat, c.id, rng);
      combat = step.state;
      events.push(...step.events);
    }
  }
  const advanced = advanceToSlot(combat, rng, s);
  return { state: { ...s, combat: advanced.combat }, events: [...events, ...advanced.events] };
}

/**
 * /combat remove in a Persona fight (GM): before round 1 the entry leaves the setup; later the
 * combatant leaves the fight (not defeated, its pending slots dropped); if its slot was open the
 * fight runs on to the next one.
 */
export function removeFromFight(s: PersonaCombatState, name: string, rng: RandomSource): { state: PersonaCombatState; events: PersonaEvent[] } {
  const entry = s.setup.find((c) => c.name === name.trim());
  if (!entry) throw new UserError('combat.unknown', { name: name.slice(0, NAME_MAX) });
  const setup = s.setup.filter((c) => c.id !== entry.id);
  // the block stays findable by name, so the GM can add the combatant back (/persona add who:)
  const removed = [...(s.removed ?? []).filter((c) => c.name !== entry.name || c.hidden), { name: entry.name, hidden: entry.hidden === true, ...(entry.block ? { block: { ...entry.block, name: entry.name } } : {}) }];
  const cleaned = { ...s, setup, removed, cover: (s.cover ?? []).filter((c) => c.by !== entry.id && c.target !== entry.id), tieFirst: (s.tieFirst ?? []).filter((id) => id !== entry.id) };
  if (!s.combat) return { state: cleaned, events: [ev('persona.gm.removed', { name: entry.name })] };
  const step = removeCombatant(s.combat, entry.id);
  const advanced = step.state.phase === 'idle' ? advanceToSlot(step.state, rng, cleaned) : { combat: step.state, events: [] };
  return { state: { ...cleaned, combat: advanced.combat }, events: [...step.events, ...advanced.events] };
}

/**
 * /combat delay in a Persona fight: the seeds' delay is Wait (待機, JA L946–950): initiative 0 for the
 * rest of the round, the turn comes back later; only on the original slot. The amount a Fate fight
 * asks for has no meaning here (JA L947 sets 0).
 */
export function delayInFight(s: PersonaCombatState, rng: RandomSource): { state: PersonaCombatState; events: PersonaEvent[] } {
  if (!s.combat) throw new UserError('persona.cmd.notRunning');
  const step = wait(s.combat);
  const advanced = step.state.phase === 'idle' ? advanceToSlot(step.state, rng, s) : { combat: step.state, events: [] };
  return { state: { ...s, combat: advanced.combat }, events: [...step.events, ...advanced.events] };
}

/** The open slot's player, or the GM (who acts for everyone). */
export async function requireSlotOwnerOrGm(tx: Tx, ctx: CommandContext, s: PersonaCombatState): Promise<void> {
  if (!s.combat) throw new UserError('persona.cmd.notRunning');
  const ownerId = s.combat.slot?.ownerId;
  const owner = s.setup.find((c) => c.id === ownerId)?.owner ?? null;
  if (owner === ctx.user.id || (await isGm(tx, ctx))) return;
  throw new UserError('combat.notYourTurn', { name: s.combat.combatants.find((c) => c.id === ownerId)?.name ?? '-' });
}
