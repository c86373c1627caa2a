// The first war in order (issue 30 §1), for `/help topic:start` and `/setup`: each step with how to do
// it, ✅ once the channel shows it done, and a button to each. The buttons belong to the commands that
// do the step (gm:claim, war:start, war:join, war:summon, war:advance), so each answers as its command
// does: the GM's steps refuse anyone else in that person's language, the players' act for the presser.
import { isSummoningPhase } from '../../core/session/calendar.js';
import type { Tx } from '../../store/db.js';
import { channelGm } from '../../store/gms.js';
import type { FactionRow, WarRow } from '../../store/schema/index.js';
import { activeWar, warFactions } from '../../store/wars.js';
import { text, type Block, type Button } from '../../views/view.js';
import type { TableContext } from '../types.js';
import type { FactionState } from '../war/state.js';

export const RULESETS = ['fate', 'percent'] as const;
export type Ruleset = (typeof RULESETS)[number];

export interface GuideState {
  gm: string | null;
  war: WarRow | null;
  factions: FactionRow[];
}

export async function guideState(tx: Tx, channelId: string): Promise<GuideState> {
  const gm = (await channelGm(tx, channelId))?.userId ?? null;
  const war = (await activeWar(tx, channelId)) ?? null;
  return { gm, war, factions: war ? await warFactions(tx, war.id) : [] };
}

/** Every faction with a master has made its summoning check (seed 001 L108–110), or day 1 has begun. */
export function summoningDone(war: WarRow | null, factions: FactionRow[]): boolean {
  if (!war || war.ruleset !== 'fate') return false;
  if (!isSummoningPhase(war)) return true;
  const rolling = factions.filter((f) => !f.eliminated && f.masterId !== null);
  return rolling.length > 0 && rolling.every((f) => (f.state as FactionState).fate?.summon);
}

/** The steps, each marked done from what the channel holds; `setUp`: shown by /setup itself. */
export function guideBlocks(speaker: TableContext, state: GuideState, setUp: boolean): Block[] {
  const { war, factions } = state;
  const players = factions.filter((f) => !f.npc);
  const pastFirstTurn = war !== null && (war.day > 1 || (war.day === 1 && war.turn > 0));
  const steps: [string, boolean][] = [
    ['guide.step.setup', setUp],
    ['guide.step.claim', state.gm !== null],
    ['guide.step.start', war !== null],
    ['guide.step.join', players.length > 0],
    ['guide.step.summon', summoningDone(war, factions)],
    ['guide.step.turn', pastFirstTurn],
  ];
  const ruleset = war?.ruleset ?? 'fate';
  const lines = steps
    // The percentage war has no summoning checks: its factions join with their numbers.
    .filter(([key]) => ruleset === 'fate' || key !== 'guide.step.summon')
    .map(([key, done]) => `${done ? '✅' : '▫️'} ${speaker.t(key)}`);
  if (ruleset === 'percent') lines.push(speaker.t('guide.percentJoin'));
  return [text(speaker.t('guide.intro')), text(lines.join('\n'))];
}

/** A button to each step; the war's rule set (or the one chosen at /setup) decides the start and the summoning. */
export function guideButtons(speaker: TableContext, ruleset: Ruleset): Button[] {
  return [
    { customId: `gm:claim:${ruleset}`, label: speaker.t('guide.button.claim'), style: 'secondary' },
    { customId: `war:start:${ruleset}`, label: speaker.t('guide.button.start'), style: 'primary' },
    { customId: 'war:join', label: speaker.t('guide.button.join'), style: 'success' },
    ...(ruleset === 'fate' ? summonButtons(speaker, null) : []),
    { customId: 'war:advance:day1', label: speaker.t('guide.button.advance'), style: 'primary' },
  ];
}

/** The summoning check by method (L108–109); `factionId`: the faction whose master rolls (else the presser's own). */
export function summonButtons(speaker: TableContext, factionId: number | null): Button[] {
  return (['solo', 'catalyst'] as const).map((method) => ({
    customId: `war:summon:${method}${factionId === null ? '' : `:${factionId}`}`,
    label: speaker.t(`guide.button.summon.${method}`),
    style: 'secondary' as const,
  }));
}

export const startButton = (speaker: TableContext, ruleset: Ruleset): Button => ({ customId: `war:start:${ruleset}`, label: speaker.t('guide.button.start'), style: 'primary' });
export const joinButton = (speaker: TableContext): Button => ({ customId: 'war:join', label: speaker.t('guide.button.join'), style: 'success' });
export const dayOneButton = (speaker: TableContext): Button => ({ customId: 'war:advance:day1', label: speaker.t('guide.button.advance'), style: 'primary' });
