// Weapon and armor fixed values taken from a sheet (seed 001 <装備> L996–1008, 英霊通常装備
// L1105–1111), so a player does not retype them on every attack.
import type { CharacterSheet, NormalGear, SpecialGear } from '../sheet/types.js';

type Gear = NormalGear | SpecialGear;

/**
 * Whether a piece of armor reduces this kind of damage (L1006–1008): 対物 only non-magical
 * damage, 対魔 only magical damage, 両用 both. Heroic normal gear (英霊通常装備) protects against
 * both whatever its subtype (L1110). A written 物理/魔術/両方 wins; no subtype = both.
 */
export function armorApplies(g: Gear, magical: boolean): boolean {
  const vs = g.fixed?.defenseVs;
  if (vs) return vs === '両方' || (vs === '魔術') === magical;
  if (g.kind === 'heroic') return true;
  if (g.subtype === '対物') return !magical;
  if (g.subtype === '対魔') return magical;
  return true;
}

/** The armor against one hit: the defense fixed values of the gear that applies to this damage. */
export function armorAgainst(sheet: CharacterSheet, magical: boolean): number {
  return sheet.gear.reduce((sum, g) => sum + (g.fixed?.defense && armorApplies(g, magical) ? g.fixed.defense : 0), 0);
}

/**
 * The weapon's fixed attack value the sheet gives an attack: with the NP status, the Noble
 * Phantasm's 固定値 (its 攻撃力, e.g. "+10"); otherwise the strongest weapon (種類区分 武器) among
 * the gear. 0 = unarmed (素手, L1002). Returns where the value came from for the reply.
 */
export function sheetWeapon(sheet: CharacterSheet, useNp: boolean): { attack: number; name: string | null } {
  const pool: Gear[] = useNp ? sheet.noblePhantasms : sheet.gear.filter((g) => g.type === '武器');
  let best: { attack: number; name: string | null } = { attack: 0, name: null };
  for (const g of pool) {
    const attack = g.fixed?.attack ?? 0;
    if (attack > best.attack) best = { attack, name: g.name };
  }
  return best;
}
