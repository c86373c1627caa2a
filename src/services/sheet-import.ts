// A sheet brought in as text or JSON (/sheet import, and /war join's form for both sheets): read,
// refused with what was expected when it is no sheet, then saved as the caller's character.
import { newRuntime } from '../core/fate/character.js';
import { derivedMismatches, deriveValues, parseSheetJson, parseSheetText, SHEET_LIMITS, type SheetParseResult } from '../core/fate/sheet/index.js';
import { SheetError } from '../core/fate/sheet/errors.js';
import { findCharacter, insertCharacter, setActiveCharacter } from '../store/characters.js';
import { appendEvent } from '../store/events.js';
import { assertGm, guildOf, hydrate, saveCharacter, type Character } from './characters.js';
import { UserError } from './errors.js';
import { NotASheet, TEMPLATE_NOTES, refuseNonSheet } from './sheet-template.js';
import type { CommandContext } from './types.js';

const NAME_MAX = SHEET_LIMITS.maxNameLength;

/** JSON or the text template. The text goes in untrimmed so reported line numbers match the user's. */
export function parseSheetInput(content: string, fileName?: string): SheetParseResult {
  const json = content.replace(/^\uFEFF/, '').trimStart().startsWith('{') || fileName?.toLowerCase().endsWith('.json');
  if (json) return parseSheetJson(content.replace(/^\uFEFF/, ''));
  // A file may be longer than a form allows: 256 KB instead of 4,000 characters. The notes of
  // /sheet template are passed over; a text naming no character is refused with what it lacks.
  try {
    const parsed = parseSheetText(content, { source: fileName === undefined ? 'text' : 'file', notes: TEMPLATE_NOTES });
    refuseNonSheet(parsed);
    return parsed;
  } catch (error) {
    if (error instanceof SheetError && error.key === 'sheet.error.notASheet') throw new NotASheet(['name', 'statuses'], []);
    throw error;
  }
}

/** Saves a parsed sheet as the caller's character (a re-import of one of theirs updates it, keeping HP, MP, luck and seals) and makes it their active one here. */
export async function storeSheet(ctx: CommandContext, parsed: SheetParseResult, npc: boolean): Promise<{ character: Character; replaced: boolean }> {
  const guildId = guildOf(ctx);
  const { sheet: parsedSheet } = parsed;
  const name = parsedSheet.name.trim().slice(0, NAME_MAX);
  if (!name) throw new UserError('sheet.import.noName');
  const { character, replaced } = await ctx.store.transaction(async (tx) => {
    if (npc) await assertGm(tx, ctx);
    const at = ctx.now();
    const existing = await findCharacter(tx, guildId, name, ctx.user.id);
    if (existing && existing.ownerId === ctx.user.id) {
      // Re-importing a sheet updates it and keeps the character's HP, MP, luck and seals.
      const c = await saveCharacter(tx, ctx, hydrate(existing), 'character.reimported', { sheet: parsedSheet });
      await setActiveCharacter(tx, ctx.channelId, ctx.user.id, c.row.id);
      return { character: c, replaced: true };
    }
    const derived = deriveValues(parsedSheet);
    const runtime = newRuntime(parsedSheet, derived);
    const id = await insertCharacter(tx, {
      guildId,
      ownerId: ctx.user.id,
      npcChannelId: npc ? ctx.channelId : null,
      name,
      type: parsedSheet.type,
      sheet: parsedSheet,
      state: runtime,
      createdAt: at,
      updatedAt: at,
    });
    await appendEvent(tx, { at, guildId, channelId: ctx.channelId, actorId: ctx.user.id, type: 'character.created', subject: `character:${id}`, before: null, after: { name, npc } });
    await setActiveCharacter(tx, ctx.channelId, ctx.user.id, id);
    return { character: hydrate({ id, guildId, ownerId: ctx.user.id, npcChannelId: npc ? ctx.channelId : null, name, type: parsedSheet.type, sheet: parsedSheet, state: runtime, createdAt: at, updatedAt: at, deletedAt: null }), replaced: false };
  });
  return { character, replaced };
}

/** What an import tells its player: the derived values, mismatches, warnings and the lines not read. */
export function importLines(ctx: CommandContext, parsed: SheetParseResult, c: Character, replaced: boolean): string[] {
  const lines = [
    ctx.t(replaced ? 'sheet.import.updated' : 'sheet.import.created', { name: c.row.name }),
    ctx.t('sheet.import.derived', { hp: c.derived.hp, mp: c.derived.mp, iv: c.derived.iv, luck: c.derived.luckPerDay, rank: c.derived.rankLevel }),
  ];
  for (const m of derivedMismatches(c.sheet, c.derived)) {
    lines.push(ctx.t('sheet.import.mismatch', { field: m.field.toUpperCase(), written: m.written, derived: m.derived }));
  }
  for (const w of parsed.warnings) lines.push(`⚠ ${w.line ? ctx.t('sheet.import.line', { line: w.line }) : ''}${ctx.t(w.key, w.params)}`);
  if (parsed.unparsed.length > 0) {
    lines.push(ctx.t('sheet.import.unparsedTitle', { count: parsed.unparsed.length }));
    for (const u of parsed.unparsed.slice(0, 15)) lines.push(`${ctx.t('sheet.import.line', { line: u.line })}${u.text.slice(0, 80)}`);
    if (parsed.unparsed.length > 15) lines.push(ctx.t('sheet.import.more', { count: parsed.unparsed.length - 15 }));
  }
  return lines;
}

