// What a Persona step sends by DM: the GM's copy of the lines that held a hidden combatant's number
// (README "Who sees what": the GM reads each step that hid one), and an Analyze result revealed in the
// step, to the analyst's player.
import { asLocale, translator, type Locale } from '../../i18n/index.js';
import { channelGm } from '../../store/gms.js';
import type { ChannelGmRow } from '../../store/schema/index.js';
import { actorOf } from '../table.js';
import { text, type DirectMessage } from '../../views/view.js';
import { recipientLocales } from '../locales.js';
import type { CommandContext } from '../types.js';
import type { PersonaEvent } from '../../core/persona/index.js';
import { eventLines, hidesNumbers, type PersonaCombatState } from './persona.js';
import { statLine } from './persona-setup.js';

/**
 * The channel's GM as the step's transaction read it (null: none), or undefined when it did not: then
 * it is read here. A step hands it on, so a step with a hidden shadow reads the GM once, not twice.
 */
export type KnownGm = ChannelGmRow | null | undefined;

/** What a step sends by DM: the GM's copy of lines that hid a number, and an Analyze result revealed in it. */
export async function personaDms(ctx: CommandContext, state: PersonaCombatState, events: PersonaEvent[], known?: KnownGm): Promise<DirectMessage[]> {
  return [...(await gmEventCopy(ctx, state, events, known)), ...(await analysisResults(ctx, state, events, known))];
}

async function gmOf(ctx: CommandContext, known: KnownGm): Promise<ChannelGmRow | undefined> {
  if (known !== undefined) return known ?? undefined;
  return await ctx.store.transaction((tx) => channelGm(tx, ctx.channelId));
}

/**
 * When a line holds a hidden combatant's number, the GM gets the same lines by DM, in the GM's
 * language, addressed to the GM (DirectMessage.gm): the GM's reading shows every number (a GM who ran
 * the command reads them there too).
 */
export async function gmEventCopy(ctx: CommandContext, state: PersonaCombatState, events: PersonaEvent[], known?: KnownGm): Promise<DirectMessage[]> {
  if (!hidesNumbers(state.combat, events, state)) return [];
  const gm = await gmOf(ctx, known);
  if (!gm) return [];
  const gmCtx = await readerCtx(ctx, gm.userId, asLocale(gm.locale));
  return [{ userId: gm.userId, gm: true, view: { locale: gmCtx.locale, tone: 'secret', title: gmCtx.t('persona.gmCopy.title', { channel: `<#${ctx.channelId}>` }), blocks: eventLines(gmCtx, state.combat, events, state), ephemeral: false } }];
}

/**
 * A context in one reader's own language (a DM): the actor's is known (the language this interaction
 * came in, which the dispatcher has just remembered); anyone else's is read.
 */
async function readerCtx(ctx: CommandContext, userId: string, fallback: Locale): Promise<CommandContext> {
  const locale = userId === ctx.user.id ? actorOf(ctx).locale : (await ctx.store.transaction((tx) => recipientLocales(tx, [userId], fallback)))(userId);
  return { ...ctx, locale, t: translator(locale) };
}

/**
 * Analyze's result, revealed at the start of the analyst's slot after the skill's rounds (JA L428):
 * the target's abilities, resistances and weaknesses (JA L420 「能力・耐性・弱点」; KO L233) reach the
 * analyst's player by DM, in their language; an NPC analyst's reach the GM. The table only reads that
 * the analysis ended (a public line).
 */
export async function analysisResults(ctx: CommandContext, state: PersonaCombatState, events: PersonaEvent[], known?: KnownGm): Promise<DirectMessage[]> {
  const out: DirectMessage[] = [];
  for (const e of events.filter((x) => x.key === 'persona.analyze.revealed')) {
    const analyst = state.setup.find((c) => c.name === e.params.name);
    const target = state.combat?.combatants.find((c) => c.name === e.params.target);
    const entry = state.setup.find((c) => c.id === target?.id);
    if (!analyst || !target || !entry) continue;
    const gm = analyst.owner ? null : await gmOf(ctx, known);
    const userId = analyst.owner ?? gm?.userId;
    if (!userId) continue;
    const reader = await readerCtx(ctx, userId, gm ? asLocale(gm.locale) : ctx.locale);
    const { skills: _skills, block: _block, hidden: _hidden, owner: _owner, ...init } = entry;
    const stats = statLine(reader, { ...init, hp: target.hp, sp: target.sp, agi: target.agi, luck: target.luck, defense: target.defense, physDb: target.physDb, magDb: target.magDb, downResistance: target.downResistance, resistances: target.resistances }, []);
    out.push({
      userId,
      ...(gm ? { gm: true } : {}),
      view: { locale: reader.locale, tone: 'info', title: reader.t('persona.analyze.title', { name: analyst.name, channel: `<#${ctx.channelId}>` }), blocks: [text(reader.t('persona.analyze.result', { target: target.name, stats }))], ephemeral: false },
    });
  }
  return out;
}
