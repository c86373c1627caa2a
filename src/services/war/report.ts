// Turn reports: what the GM sees (everything), and what each faction is told (its own lines only).
import type { IrregularResult } from '../../core/session/irregular.js';
import { irregularKeys } from '../../core/session/irregular.js';
import { translator, type Locale, type Params, type Translate } from '../../i18n/index.js';
import type { FactionRow } from '../../store/schema/index.js';
import { text, type Block, type DirectMessage } from '../../views/view.js';
import type { CommandContext } from '../types.js';

export function irregularLines(ctx: CommandContext, result: IrregularResult): string[] {
  const lines: string[] = [];
  const describe = (value: number) => {
    const keys = irregularKeys(value);
    return `**${value}** ${ctx.t(keys.name)} — ${ctx.t(keys.effect)}`;
  };
  lines.push(ctx.t('warcmd.irregular.rolled', { value: result.root.value }));
  if (result.root.sub.length > 0) {
    for (const sub of result.root.sub) {
      const rerolled = sub.rerolled.length ? ` ${ctx.t('warcmd.irregular.rerolledNote', { values: sub.rerolled.join(', ') })}` : '';
      lines.push(`・${describe(sub.value)}${rerolled}`);
    }
  } else {
    lines.push(describe(result.root.value));
  }
  if (result.mastersDelta > 0) lines.push(ctx.t('warcmd.irregular.extraTeams', { count: result.mastersDelta }));
  if (result.gmChoice && !result.chosen) lines.push(ctx.t('warcmd.irregular.gmChoice'));
  // The GM's choice for a 5 or 9 (L80, L84): each chosen result, and the teams a chosen 4 or 10 adds.
  if (result.chosen) {
    lines.push(ctx.t('irregular.chosen'));
    for (const v of result.chosen.values) {
      const keys = irregularKeys(v);
      lines.push(`・**${v === 'ex' ? 'EX' : v}** ${ctx.t(keys.name)} — ${ctx.t(keys.effect)}`);
    }
    if (result.chosen.mastersDelta > 0) lines.push(ctx.t('warcmd.irregular.extraTeams', { count: result.chosen.mastersDelta }));
  }
  lines.push(ctx.t('warcmd.irregular.rerollHint'));
  return lines;
}

/**
 * A report line not yet put into words: each reader gets it in their own language (a Japanese
 * player in a Korean GM's war reads Japanese DMs).
 */
export type Said = (t: Translate) => string;
export const say = (key: string, params: Params = {}): Said => (t) => t(key, params);

/** Each faction's members get only their own faction's lines, by DM, each in their own language. */
export function factionDms(factions: FactionRow[], linesFor: (f: FactionRow) => Said[], localeOf: (userId: string) => Locale): DirectMessage[] {
  return factions.flatMap((f) => {
    const lines = linesFor(f);
    if (lines.length === 0) return [];
    return (f.members as string[]).map((userId) => {
      const locale = localeOf(userId);
      const t = translator(locale);
      return { userId, view: { locale, tone: 'secret' as const, title: t('warcmd.report.factionTitle', { faction: f.name }), blocks: lines.map((l) => text(l(t))), ephemeral: false } };
    });
  });
}

/**
 * Each faction's members get these blocks by DM, each in their own language. Lines are worded for each
 * recipient by the adapters (src/views/audience.ts): what another faction owns shows as "?" or is dropped.
 */
export function factionBlockDms(factions: FactionRow[], blocksFor: (f: FactionRow) => Block[], localeOf: (userId: string) => Locale): DirectMessage[] {
  return factions.flatMap((f) => {
    const blocks = blocksFor(f);
    if (blocks.length === 0) return [];
    return (f.members as string[]).map((userId) => {
      const locale = localeOf(userId);
      return { userId, view: { locale, tone: 'secret' as const, title: translator(locale)('warcmd.report.factionTitle', { faction: f.name }), blocks, ephemeral: false } };
    });
  });
}

/** Every member of these factions, for recipientLocales. */
export function membersOf(factions: FactionRow[]): string[] {
  return [...new Set(factions.flatMap((f) => f.members as string[]))];
}
