// Which sheets a player joins a Fate war with (issue 30 §1: at most two commands to join). `/war join`
// used to read only its master:/servant: options, so a player who had imported both sheets and typed
// plain `/war join` was told "/sheet import first". Now the player's own sheets not yet in the war are
// taken when there is one of each kind; a kind with none is asked for in a form (one paragraph per
// sheet, Discord's 4,000 characters each); a kind with several is named back for the player to choose.
import { listCharacters } from '../../store/characters.js';
import { activeFactionsOf, activeWar } from '../../store/wars.js';
import type { WarRow } from '../../store/schema/index.js';
import type { Tx } from '../../store/db.js';
import type { ModalView } from '../../views/view.js';
import { SHEET_LIMITS } from '../../core/fate/sheet/index.js';
import { guildOf, hydrate, type Character } from '../characters.js';
import { UserError } from '../errors.js';
import type { CommandContext, CommandOptions } from '../types.js';

export const SHEET_KINDS_OF_A_PAIR = ['master', 'servant'] as const;
export type PairKind = (typeof SHEET_KINDS_OF_A_PAIR)[number];

/** The form's id; its inputs are named by kind (master, servant) and `faction`. */
export const JOIN_FORM_ID = 'war:join';
const FACTION_MAX = 100;

/** The caller's own player sheets of each kind, with a Fate sheet, that no faction of an active war holds. */
export async function freeOwnSheets(tx: Tx, ctx: CommandContext): Promise<Record<PairKind, Character[]>> {
  const own = (await listCharacters(tx, guildOf(ctx), ctx.user.id)).filter((r) => r.npcChannelId === null);
  // A character plays in one war at a time: one already in a faction of any active war of the server is not free.
  const taken = new Set((await activeFactionsOf(tx, ctx.guildId, own.map((r) => r.id))).flatMap((f) => [f.masterId, f.servantId]));
  const mine = own
    .filter((r) => !taken.has(r.id))
    .map(hydrate)
    .filter((c) => c.sheet.origin !== 'ccfolia');
  return { master: mine.filter((c) => c.sheet.type === 'master'), servant: mine.filter((c) => c.sheet.type === 'servant') };
}

export interface JoinSheets {
  war: WarRow | null;
  /** The names to join with (given, or the caller's only free sheet of that kind). */
  names: Partial<Record<PairKind, string>>;
  /** The form to open when a kind has no sheet yet. */
  form: ModalView | null;
}

/** Fills in the sheets a player's plain `/war join` means in a Fate war; other wars keep their options. */
export async function pickJoinSheets(ctx: CommandContext, options: CommandOptions): Promise<JoinSheets> {
  return await ctx.store.transaction(async (tx) => {
    const war = (await activeWar(tx, ctx.channelId)) ?? null;
    const names: Partial<Record<PairKind, string>> = {};
    for (const kind of SHEET_KINDS_OF_A_PAIR) {
      const given = options.string(kind);
      if (given) names[kind] = given;
    }
    if (!war || war.ruleset !== 'fate' || (names.master && names.servant)) return { war, names, form: null };
    const free = await freeOwnSheets(tx, ctx);
    const missing: PairKind[] = [];
    for (const kind of SHEET_KINDS_OF_A_PAIR) {
      if (names[kind]) continue;
      const found = free[kind];
      if (found.length === 1) names[kind] = found[0]!.row.name;
      else if (found.length > 1) {
        throw new UserError('warcmd.join.whichSheet', { kind: ctx.t(`warcmd.sheetKind.${kind}`), names: found.map((c) => c.row.name).join(', '), option: ctx.t(`cmd.war.${kind}.name`) });
      } else missing.push(kind);
    }
    return { war, names, form: missing.length ? joinForm(ctx, missing, options.string('faction')) : null };
  });
}

/** One paragraph per missing sheet, and the faction's name (kept when it was given with the command). */
export function joinForm(ctx: CommandContext, missing: readonly PairKind[], faction: string | null): ModalView {
  return {
    customId: JOIN_FORM_ID,
    title: ctx.t('warcmd.join.formTitle'),
    inputs: [
      ...missing.map((kind) => ({
        customId: kind,
        label: ctx.t(kind === 'master' ? 'warcmd.join.formMaster' : 'warcmd.join.formServant'),
        style: 'paragraph' as const,
        maxLength: SHEET_LIMITS.maxTextLength,
        required: true,
        placeholder: ctx.t('warcmd.join.formPlaceholder'),
      })),
      { customId: 'faction', label: ctx.t('warcmd.join.formFaction'), style: 'short' as const, maxLength: FACTION_MAX, required: false, ...(faction ? { value: faction.slice(0, FACTION_MAX) } : {}) },
    ],
  };
}
