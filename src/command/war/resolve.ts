// /war resolve: rolls every declared action of this turn in the seed's order (non-combat →
// combat → soul eating, seed 000 L17) and tells each faction only its own results. The channel
// gets a count and one commitment per hidden result; the GM gets everything.
import { actionChance, percentRoll, resolutionOrder, restAmount, soulEatingExposure, dayRaidCost, type ActionDeclaration } from '../../core/grailwar/actions.js';
import { addMana } from '../../core/grailwar/upkeep.js';
import type { Tx } from '../../store/db.js';
import { turnDeclarations, updateDeclaration } from '../../store/declarations.js';
import { appendEvent } from '../../store/events.js';
import type { FactionRow, WarRow } from '../../store/schema/index.js';
import { updateFaction, warFactions } from '../../store/wars.js';
import { text, type ChannelPost, type Reply } from '../../views/view.js';
import { commitSecret } from '../secrets.js';
import { UserError } from '../errors.js';
import type { CommandContext } from '../types.js';
import { boardUpdate } from './board.js';
import { actorProfile, percentOf, servantStatuses } from './profiles.js';
import { factionDms } from './report.js';
import type { FactionState, PercentFactionState } from './state.js';

const STATUS_ORDER = ['str', 'end', 'agi', 'mag', 'luk', 'np'] as const;

export async function resolveTurn(tx: Tx, ctx: CommandContext, war: WarRow): Promise<Reply> {
  const pending = (await turnDeclarations(tx, war.id, war.day, war.turn)).filter((d) => !d.resolvedAt);
  if (pending.length === 0) throw new UserError('resolve.nothing');
  const factions = new Map((await warFactions(tx, war.id)).map((f) => [f.id, f]));
  const linesByFaction = new Map<number, string[]>();
  const gmLines: string[] = [];
  const posts: ChannelPost[] = [];
  const tell = (factionId: number, line: string) => linesByFaction.set(factionId, [...(linesByFaction.get(factionId) ?? []), line]);
  const rowOf = new Map(pending.map((d) => [(d.action as ActionDeclaration).factionId, d]));

  for (const decl of resolutionOrder(pending.map((d) => d.action as ActionDeclaration))) {
    const faction = factions.get(decl.factionId);
    const row = rowOf.get(decl.factionId)!;
    if (!faction || faction.eliminated) continue;
    const outcome = war.ruleset === 'percent' ? resolvePercent(ctx, war, faction, decl, [...factions.values()], tell) : { result: { kind: decl.kind, gm: true }, line: ctx.t('resolve.gmRules') };
    gmLines.push(`**${faction.name}** — ${outcome.line}`);
    tell(faction.id, outcome.line);
    await updateDeclaration(tx, row.id, { result: outcome.result, resolvedAt: ctx.now() });
    await appendEvent(tx, { at: ctx.now(), guildId: ctx.guildId, channelId: ctx.channelId, actorId: ctx.user.id, type: 'war.resolved', subject: `declaration:${row.id}`, before: { result: null, resolvedAt: null }, after: { result: outcome.result } });
    if (outcome.state) {
      const before = faction.state as FactionState;
      const state: FactionState = { ...before, percent: outcome.state };
      await updateFaction(tx, faction.id, { state });
      await appendEvent(tx, { at: ctx.now(), guildId: ctx.guildId, channelId: ctx.channelId, actorId: ctx.user.id, type: 'war.actionApplied', subject: `faction:${faction.id}`, before: { state: before }, after: { state } });
      factions.set(faction.id, { ...faction, state });
    }
    const owner = (faction.members as string[])[0] ?? ctx.user.id;
    posts.push(await commitSecret(tx, ctx, 'result', owner, { war: war.id, day: war.day, turn: war.turn, faction: faction.name, result: outcome.result }));
  }
  const all = await warFactions(tx, war.id);
  posts.unshift({ channelId: war.channelId, view: { locale: ctx.locale, tone: 'info', title: ctx.t('resolve.publicTitle', { name: war.name }), blocks: [text(ctx.t('resolve.publicBody', { count: pending.length }))], ephemeral: false } });
  return {
    view: { locale: ctx.locale, tone: 'info', title: ctx.t('resolve.gmTitle', { name: war.name }), blocks: gmLines.map(text), ephemeral: true },
    dms: factionDms(ctx, all, (f) => linesByFaction.get(f.id) ?? []),
    posts,
    board: boardUpdate(ctx, war, all),
  };
}

interface Outcome {
  result: Record<string, unknown>;
  line: string;
  state?: PercentFactionState;
}

function resolvePercent(
  ctx: CommandContext,
  war: WarRow,
  faction: FactionRow,
  decl: ActionDeclaration,
  all: FactionRow[],
  tell: (factionId: number, line: string) => void,
): Outcome {
  const p = percentOf(faction);
  if (!p) return { result: { kind: decl.kind }, line: ctx.t('resolve.gmRules') };
  const others = all.filter((f) => f.id !== faction.id && !f.eliminated);
  switch (decl.kind) {
    case 'mysticCode':
    case 'infoGathering': {
      const chance = actionChance(decl, actorProfile(faction), all.filter((f) => !f.eliminated).map(actorProfile)).chance ?? 0;
      const { roll, success } = percentRoll(chance, ctx.rng);
      const head = ctx.t(success ? 'resolve.success' : 'resolve.failure', { action: ctx.t(`gw.action.${decl.kind}`), roll, chance });
      if (decl.kind === 'mysticCode') {
        if (!success || !decl.mysticCode) return { result: { kind: decl.kind, roll, chance, success }, line: head };
        const items = { ...(p.items ?? {}), [decl.mysticCode]: (p.items?.[decl.mysticCode] ?? 0) + 1 };
        return { result: { kind: decl.kind, roll, chance, success, item: decl.mysticCode }, line: `${head} ${ctx.t('resolve.item', { item: ctx.t(`gw.mysticCode.${decl.mysticCode}`) })}`, state: { ...p, items } };
      }
      if (!success) return { result: { kind: decl.kind, roll, chance, success }, line: head };
      const report = infoReport(ctx, decl, all.filter((f) => !f.eliminated && f.id !== faction.id));
      return { result: { kind: decl.kind, roll, chance, success, report }, line: [head, ...report].join('\n') };
    }
    case 'rest': {
      // Once a day (seed 000 L5).
      if (p.restedDay === war.day) return { result: { kind: 'rest', already: true }, line: ctx.t('resolve.restedAlready') };
      const mana = addMana(p, restAmount(p.territory));
      return { result: { kind: 'rest', gained: mana - p.mana }, line: ctx.t('resolve.rest', { gained: mana - p.mana, mana }), state: { ...p, mana, restedDay: war.day } };
    }
    case 'soulEating': {
      const { roll, exposed } = soulEatingExposure(ctx.rng);
      if (exposed) {
        // Every other participant learns where the eater is and may intervene (seed 000 L6).
        for (const other of others) tell(other.id, ctx.t('resolve.soulEatingSensed', { faction: faction.name, territory: p.territory }));
      }
      return { result: { kind: 'soulEating', roll, exposed }, line: ctx.t(exposed ? 'resolve.soulEatingExposed' : 'resolve.soulEatingHidden', { roll }) };
    }
    case 'moveBase': {
      const territory = decl.territory ?? p.territory;
      return { result: { kind: 'moveBase', territory, random: decl.random ?? false }, line: ctx.t('resolve.moved', { territory }), state: { ...p, territory } };
    }
    case 'contact': {
      // A raid in the day turns (morning, noon) costs 20 more mana (seed 000 L11).
      const cost = dayRaidCost(war.turn <= 1);
      const target = all.find((f) => decl.targets.includes(f.id));
      const line = ctx.t('resolve.contact', { target: target?.name ?? ctx.t('act.random'), cost });
      return { result: { kind: 'contact', target: target?.id ?? null, cost }, line, ...(cost > 0 ? { state: { ...p, mana: p.mana - cost } } : {}) };
    }
    default:
      return { result: { kind: decl.kind }, line: ctx.t('resolve.gmRules') };
  }
}

/** What a successful information gathering learns (seed 000 L14–16). */
function infoReport(ctx: CommandContext, decl: ActionDeclaration, others: FactionRow[]): string[] {
  const targets = decl.infoMode === 'locate' ? others : others.filter((f) => decl.targets.includes(f.id));
  return targets.map((f) => {
    const p = percentOf(f);
    if (!p) return `・${f.name}`;
    if (decl.infoMode === 'locate') return ctx.t('resolve.info.locate', { faction: f.name, territory: p.territory });
    const stats = servantStatuses(p);
    const statusText = STATUS_ORDER.map((s) => `${ctx.t(`gw.status.${s}`)} ${stats[s]}`).join(' ');
    const line = ctx.t('resolve.info.shallow', { faction: f.name, territory: p.territory, level: p.servantLevel, statuses: statusText });
    return decl.infoMode === 'deep' ? `${line} ${ctx.t('resolve.info.deep')}` : line;
  });
}
