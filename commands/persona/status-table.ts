// /persona status: the GM's bad-status table (what each status forbids), and status names in the reader's
// language wherever a command reads or writes one.
import { eventLines, isPersona, type PersonaCombatState } from '../../src/services/combat/persona.js';
import { requireCombat, requireGm, saveCombatState } from '../../src/services/combat/store.js';
import { trackerUpdate } from '../../src/services/combat/tracker.js';
import { UserError } from '../../src/services/errors.js';
import type { CommandContext, CommandOptions } from '../../src/services/types.js';
import { createCombat, type CombatState, type Step, defineBadStatus, removeBadStatus, PersonaError } from '../../src/core/persona/index.js';
import { blockFields, statusBlock, type BadStatusDef, type StatusBlock } from '../../src/core/persona/status-table.js';
import type { Locale } from '../../src/i18n/index.js';
import { text, type Reply } from '../../src/views/view.js';

export function statusName(combat: CombatState | null, id: string, locale: Locale): string {
  return combat?.config.badStatuses.find((d) => d.id === id)?.name[locale] ?? id;
}

/** One status of the table, for the GM: name, category, what it forbids, cure and recovery stat. */
export function statusRow(ctx: CommandContext, d: BadStatusDef): string {
  const t = ctx.t;
  const stat = d.cure === 'natural' && d.recoveryStat ? t(`persona.recoveryStat.${d.recoveryStat}`) : '-';
  return t('persona.table.row', { id: d.id, name: d.name[ctx.locale], category: t(`persona.category.${d.category}`), blocks: t(`persona.blocks.${statusBlock(d)}`), cure: t(`persona.cure.${d.cure}`), stat });
}

/**
 * /persona status (GM): the fight's bad-status table. Both seeds lost theirs (JA L345–349, KO L171–181),
 * so the shipped rows are a default the GM sees and edits: without `id` it lists the table; with `id`
 * it adds or changes that status (name in every language, category, what it forbids, cure, the
 * natural-recovery stat CON/POW of JA L352–353); `remove:true` deletes one nobody has.
 */
export async function statusTable(ctx: CommandContext, options: CommandOptions): Promise<Reply> {
  const { updated, lines } = await ctx.store.transaction(async (tx) => {
    const combatRow = await requireCombat(tx, ctx);
    await requireGm(tx, ctx);
    const state = combatRow.state;
    if (!isPersona(state)) throw new UserError('persona.cmd.notRunning');
    const base = state.combat ?? createCombat({ combatants: [{ id: 'a', name: 'a', side: 'pc', agi: 0, luck: 0, hp: 1 }, { id: 'b', name: 'b', side: 'npc', agi: 0, luck: 0, hp: 1 }], config: state.config ?? {} }).state;
    const rawId = options.string('id')?.trim();
    if (!rawId) {
      return { updated: combatRow, lines: [ctx.t('persona.table.head'), ...base.config.badStatuses.map((d) => statusRow(ctx, d))] };
    }
    const existing = base.config.badStatuses.find((d) => d.id === rawId || LOCALE_NAMES(d).includes(rawId));
    let step: Step;
    if (options.boolean('remove')) {
      if (!existing) throw new UserError('persona.cmd.badStatus', { word: rawId.slice(0, 40), list: base.config.badStatuses.map((d) => d.id).join(', ') });
      step = withStatusNames(() => removeBadStatus(base, existing.id), base, ctx.locale);
    } else {
      const name = options.string('name')?.trim();
      const block = (options.string('blocks') as StatusBlock | null) ?? (existing ? statusBlock(existing) : 'none');
      const cure = (options.string('cure') as BadStatusDef['cure'] | null) ?? existing?.cure ?? 'natural';
      const stat = options.string('stat');
      const def: BadStatusDef = {
        id: existing?.id ?? rawId,
        name: name ? { en: name, ja: name, ko: name } : (existing?.name ?? { en: rawId, ja: rawId, ko: rawId }),
        category: (options.string('category') as BadStatusDef['category'] | null) ?? existing?.category ?? 'body',
        ...blockFields(block),
        cure,
        recoveryStat: stat === 'con' || stat === 'pow' ? stat : stat === 'none' ? null : (existing?.recoveryStat ?? 'con'),
      };
      step = defineBadStatus(base, def);
    }
    const table = step.state.config.badStatuses;
    const next: PersonaCombatState = state.combat ? { ...state, combat: step.state } : { ...state, config: { ...(state.config ?? {}), badStatuses: table } };
    const saved = await saveCombatState(tx, ctx, combatRow, 'combat.status', next);
    const changed = table.find((d) => d.id === (existing?.id ?? rawId));
    return { updated: saved, lines: [...eventLines(ctx, state.combat, step.events, state), ...(changed ? [statusRow(ctx, changed)] : [])] };
  });
  return {
    view: { locale: ctx.locale, tone: 'info', title: ctx.t('combat.title'), blocks: lines.map((l) => (typeof l === 'string' ? text(l) : l)), ephemeral: true },
    dms: [],
    board: trackerUpdate(ctx, updated),
  };
}

export const LOCALE_NAMES = (d: BadStatusDef): string[] => [d.name.en, d.name.ja, d.name.ko];

/** A refusal naming a bad status shows the fight table's name (a GM-defined status is not in the default table). */
export function withStatusNames<T>(run: () => T, combat: CombatState, locale: Locale): T {
  try {
    return run();
  } catch (e) {
    if (e instanceof PersonaError && typeof e.params.status === 'string') throw new PersonaError(e.key, { ...e.params, status: statusName(combat, e.params.status, locale) });
    throw e;
  }
}
