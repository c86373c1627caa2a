// What one action turn of a Fate/roll dice war offers (seed 001 L239–243, L246, L257–263): one action a
// turn — information gathering, preparing equipment, recovery magic or items on the servant, contact
// (a raid becomes a fight), or a skill or rite that takes action turns (summoning, troops, 陣地作成,
// 道具作成) — which the GM plays out with checks; sleep is declared with /war sleep. Unlike the
// percentage war (core/grailwar/actions.ts) nothing here has a success rate of its own.

export const FATE_ACTIONS = ['infoGathering', 'preparation', 'recovery', 'contact', 'skill', 'other'] as const;
export type FateActionKind = (typeof FATE_ACTIONS)[number];
