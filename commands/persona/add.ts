// /persona add (GM): a combatant from a stat block (text or JSON). Discord cannot send a newline in a
// string option, so a block also comes by a form (run without block:, a paragraph of 4,000
// characters) or as an attached .txt/.json file; block: itself takes the one-line form (`;` or the
// section words, persona-block.ts). By who: alone it reuses a block stored in an earlier fight here.
// Before round 1 the combatant joins the setup; later it is a reinforcement acting from the next round.
// The reply (ephemeral, the GM's) echoes every stored stat, each Persona of a Wild included.
import { parseStatBlock, type StatBlock } from '../../src/services/combat/persona-block.js';
import { addToFight, blockEntry, storedBlock } from '../../src/services/combat/persona-setup.js';
import { isPersona, type PersonaCombatState } from '../../src/services/combat/persona.js';
import { requireCombat, requireGm, saveCombatState } from '../../src/services/combat/store.js';
import { UserError } from '../../src/services/errors.js';
import type { AttachmentOption, CommandContext, CommandOptions } from '../../src/services/types.js';
import type { PersonaEvent } from '../../src/core/persona/index.js';
import type { ModalView } from '../../src/views/view.js';

/** Discord's paragraph input holds 4,000 characters. */
export const BLOCK_MAX = 4000;
/** A stat block file: a few Personas with their skills fit in a few KB; 64 KB is generous. */
const FILE_MAX = 64 * 1024;
const WHO_MAX = 100;

interface AddFlags {
  side: 'pc' | 'npc' | null;
  hidden: boolean;
  player: string | null;
}

export type AddOutcome = { modal: ModalView } | { updated: Awaited<ReturnType<typeof saveCombatState>>; events: PersonaEvent[] };

/** The command: block: text, an attached file, a stored block by who:, or (none of them) the form. */
export async function addStart(ctx: CommandContext, options: CommandOptions): Promise<AddOutcome> {
  const side = options.string('side');
  const flags: AddFlags = { side: side === 'pc' || side === 'npc' ? side : null, hidden: options.boolean('hidden') ?? false, player: options.user('player')?.id ?? null };
  const who = options.string('who')?.trim().slice(0, WHO_MAX) || undefined;
  const pasted = options.string('block');
  if (pasted) return (await addBlock(ctx, { text: pasted, who }, flags))!;
  const file = options.attachment('file');
  if (file) return (await addBlock(ctx, { text: await readBlockFile(file), who }, flags))!;
  if (!who) {
    // refuse before the GM types 4,000 characters into a form
    await ctx.store.transaction(async (tx) => {
      const combatRow = await requireCombat(tx, ctx);
      await requireGm(tx, ctx);
      if (!isPersona(combatRow.state)) throw new UserError('persona.cmd.notRunning');
    });
    return { modal: blockForm(ctx, flags) };
  }
  const stored = await addBlock(ctx, { who }, flags);
  if (!stored) throw new UserError('persona.cmd.noBlock', { name: who });
  return stored;
}

/** The form's submission: customId `persona:add:<side|->:<0|1>:<player id|->`, fields `block` and `who`. */
export async function addSubmitted(ctx: CommandContext, customId: string, fields: Record<string, string>): Promise<AddOutcome> {
  const [, action, side, hidden, player] = customId.split(':');
  if (action !== 'add' || !['pc', 'npc', '-'].includes(side ?? '') || !['0', '1'].includes(hidden ?? '') || !/^(-|\d{1,20})$/.test(player ?? '')) throw new UserError('error.staleButton');
  const text = fields.block ?? '';
  if (text.length > BLOCK_MAX) throw new UserError('persona.cmd.blockTooLong', { max: BLOCK_MAX });
  const flags: AddFlags = { side: side === '-' ? null : (side as 'pc' | 'npc'), hidden: hidden === '1', player: player === '-' ? null : player! };
  const who = fields.who?.trim().slice(0, WHO_MAX) || undefined;
  return (await addBlock(ctx, { text, who }, flags))!;
}

/** A .txt or .json attachment, size-checked before and while it downloads. */
async function readBlockFile(file: AttachmentOption): Promise<string> {
  const named = /\.(txt|json)$/i.test(file.name);
  const typed = file.contentType !== null && /^(text\/plain|application\/json)\b/i.test(file.contentType);
  if (!named && !typed) throw new UserError('persona.cmd.fileType', { name: file.name.slice(0, 80) });
  const bytes = await file.read(FILE_MAX);
  return bytes.toString('utf8').replace(/^\uFEFF/, '');
}

function blockForm(ctx: CommandContext, flags: AddFlags): ModalView {
  return {
    customId: `persona:add:${flags.side ?? '-'}:${flags.hidden ? 1 : 0}:${flags.player ?? '-'}`,
    title: ctx.t('persona.cmd.formTitle'),
    inputs: [
      { customId: 'block', label: ctx.t('persona.cmd.formBlock'), style: 'paragraph', maxLength: BLOCK_MAX, required: true, placeholder: ctx.t('persona.cmd.formPlaceholder') },
      { customId: 'who', label: ctx.t('persona.cmd.formWho'), style: 'short', maxLength: WHO_MAX, required: false },
    ],
  };
}

/**
 * One transaction: the fight and the GM are checked, the block parsed (or found by name), the
 * combatant added. Without text and without a stored block by that name, nothing happens (null):
 * the caller opens the form.
 */
async function addBlock(ctx: CommandContext, source: { text?: string; who: string | undefined }, flags: AddFlags): Promise<Extract<AddOutcome, { updated: unknown }> | null> {
  return await ctx.store.transaction(async (tx) => {
    const combatRow = await requireCombat(tx, ctx);
    await requireGm(tx, ctx);
    const state = combatRow.state;
    if (!isPersona(state)) throw new UserError('persona.cmd.notRunning');
    const { who, text } = source;
    let block: StatBlock | undefined;
    if (text !== undefined) block = parseStatBlock(text, state.combat?.config.badStatuses ?? state.config?.badStatuses);
    else if (who) block = await storedBlock(tx, ctx.channelId, who);
    if (!block) return null;
    const side = flags.side ?? block.side;
    if (side !== 'pc' && side !== 'npc') throw new UserError('persona.cmd.side');
    const named = who && text !== undefined ? { ...block, name: who } : block;
    const step = addToFight(ctx, state as PersonaCombatState, blockEntry(named, side, flags.hidden, flags.player));
    return { updated: await saveCombatState(tx, ctx, combatRow, 'combat.added', step.state), events: step.events };
  });
}
