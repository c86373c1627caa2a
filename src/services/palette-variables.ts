// A stored palette and the {variables} its lines are filled with: the linked character's sheet as it
// is now, overridden by the palette's own. Shared by /palette (a line chosen) and rolls typed in chat
// (a line's label typed, src/services/chat-rolls.ts).
import { gradeLevel } from '../core/fate/sheet/grades.js';
import { STATUS_KEYS } from '../core/fate/sheet/types.js';
import { ccfoliaVariables } from '../core/palette/ccfolia.js';
import type { Palette } from '../core/palette/palette.js';
import { sheetVariables } from '../core/palette/sheet-variables.js';
import { getCharacter } from '../store/characters.js';
import type { Tx } from '../store/db.js';
import type { PaletteRow } from '../store/palettes.js';
import { hydrate, type Character } from './characters.js';

export function storedPalette(row: PaletteRow): Palette {
  return { lines: row.lines.split('\n').filter(Boolean), variables: row.variables as Record<string, string> };
}

/** Sheet variables of the linked character (if it still exists), overridden by the palette's own. */
export async function variablesOf(tx: Tx, row: PaletteRow): Promise<Record<string, string>> {
  if (row.characterId === null) return row.variables as Record<string, string>;
  const characterRow = await getCharacter(tx, row.characterId);
  return variablesWith(row, characterRow && !characterRow.deletedAt ? hydrate(characterRow) : null);
}

/** The same, for a caller that has read the linked character already (null: none, or deleted). */
export function variablesWith(row: PaletteRow, c: Character | null): Record<string, string> {
  const own = row.variables as Record<string, string>;
  if (row.characterId === null || !c) return own;
  const statuses: Record<string, { level: number; dice: number }> = {};
  // A character born of Ccfolia has no Fate statuses: its params (STR…) must not be shadowed by them.
  for (const key of c.sheet.origin === 'ccfolia' ? [] : STATUS_KEYS) {
    const graded = c.sheet.statuses[key];
    if (graded) statuses[key] = { level: gradeLevel(graded), dice: c.derived.pools[key]?.dice ?? 0 };
  }
  const fromSheet = sheetVariables({
    statuses,
    skills: c.sheet.skills.map((s) => ({ name: s.name, grade: s.level.grade })),
    hp: c.runtime.hp,
    mp: c.runtime.mp,
    maxHp: c.max.hpMax,
    maxMp: c.max.mpMax,
    iv: c.max.iv,
  });
  const bars = { HP最大: String(c.max.hpMax), MP最大: String(c.max.mpMax), ...(c.runtime.ccfolia ? ccfoliaVariables(c.runtime.ccfolia) : {}) };
  return { ...fromSheet, ...bars, ...own };
}
