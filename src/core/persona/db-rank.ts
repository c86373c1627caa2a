// タルカジャ/タルンダ and マカカジャ/マカンダ move a db "rank" one step per stage (JA L599–600), up to 3
// stages (JA L409). The ladder itself is NOT in the seeds: JA L354 sends the reader to the ruleset's
// ステータス概要 page (digest §5.4, §12 #4). DEFAULT_DB_LADDER is our plausible reading, a fight setting
// the GM replaces (/persona setting dbladder:): each rank adds a D4 or turns the D4 into one more D6,
// so both seed examples (JA L138 1D6+1D4, KO L130 2D6+1D4) are rungs of it.
import { expandDb } from './damage.js';
import { PersonaError, type Combatant, type PersonaConfig } from './types.js';

export const DEFAULT_DB_LADDER: readonly string[] = Object.freeze(['0', '1D4', '1D6', '1D6+1D4', '2D6', '2D6+1D4', '3D6', '3D6+1D4', '4D6', '4D6+1D4', '5D6']);

export const LADDER_MAX = 30;

export type DbKind = 'physical' | 'magic';

const canonical = (db: string): string => expandDb(db, 1);

export function dbLadder(config: PersonaConfig): readonly string[] {
  return config.dbLadder ?? DEFAULT_DB_LADDER;
}

/** Validates a GM's ladder: 2–30 distinct db expressions, stored canonical. */
export function checkLadder(ladder: readonly string[]): string[] {
  if (ladder.length < 2 || ladder.length > LADDER_MAX) throw new PersonaError('persona.error.badLadder', { count: ladder.length, max: LADDER_MAX });
  const out = ladder.map(canonical);
  if (new Set(out).size !== out.length) throw new PersonaError('persona.error.badLadder', { count: ladder.length, max: LADDER_MAX });
  return out;
}

/** The Taru (physical) or Maka (magic) stage on a character; absent in fights saved before them = 0. */
export function dbStage(c: Combatant, kind: DbKind): number {
  return (kind === 'physical' ? c.taru : c.maka) ?? 0;
}

const baseDb = (c: Combatant, kind: DbKind): string => (kind === 'physical' ? c.physDb : c.magDb);

/** Where a character's db sits on the ladder, or −1. */
export function ladderIndex(config: PersonaConfig, c: Combatant, kind: DbKind): number {
  const own = canonical(baseDb(c, kind));
  return dbLadder(config).findIndex((r) => canonical(r) === own);
}

/**
 * The db a character attacks or heals with: its own, moved `stage` rungs (its Taru/Maka stages by
 * default), clamped to the ladder's ends. A db that is not on the ladder cannot take stages (buff()
 * refuses them), so it is used as is.
 */
export function effectiveDb(config: PersonaConfig, c: Combatant, kind: DbKind, stage = dbStage(c, kind)): string {
  if (stage === 0) return baseDb(c, kind);
  const ladder = dbLadder(config);
  const at = ladderIndex(config, c, kind);
  if (at < 0) return baseDb(c, kind);
  return ladder[Math.max(0, Math.min(ladder.length - 1, at + stage))]!;
}
