// Magic in a Fate fight needs a magic skill on the sheet (magecraft or a 魔術 skill) unless it answers magic.
import type { CheckStatus } from '../../core/fate/status-names.js';
import { getCharacter } from '../../store/characters.js';
import type { Tx } from '../../store/db.js';
import { hydrate } from '../characters.js';
import { UserError } from '../errors.js';
import type { FateCombatState } from './state.js';

/**
 * Attack or defense with MAG needs a magic skill (魔術…) on the sheet, except a defense against a
 * magic attack (L212–213). A skill "equivalent" to magecraft is the GM's call: the GM may act
 * for the character. Ad-hoc NPCs are the GM's to judge.
 */
export async function assertMagicAllowed(tx: Tx, c: FateCombatState['combatants'][number], status: CheckStatus, againstMagic: boolean): Promise<void> {
  if (status !== 'mag' || againstMagic || c.characterId === null) return;
  const row = await getCharacter(tx, c.characterId);
  if (row && !hydrate(row).sheet.skills.some((s) => s.id === 'magecraft' || s.name.includes('魔術'))) throw new UserError('attack.magNeedsSkill', { name: c.name });
}
