// /attack: the current fighter attacks; the defender answers with a button (END, AGI or MAG —
// seed 001 L207–214); then a resolve step (button or /combat resolve) settles the damage
// (L202–205). Both checks are stored rolls, so luck rerolls (L215–217) and Command Seals (L288)
// of either side can still change them until the defender (or the GM) resolves.
import { SlashCommandBuilder } from '@discordjs/builders';
import { achievementOf, canAttack, currentActor, findCombatant, rollFor, withSheets } from '../src/services/combat/fate.js';
import type { FateCombatState } from '../src/services/combat/state.js';
import { active } from '../src/services/combat/state.js';
import { isGm, requireCombat, saveCombatState } from '../src/services/combat/store.js';
import { fateBoard } from '../src/services/combat/tracker.js';
import { UserError } from '../src/services/errors.js';
import { describe, localizedChoices } from '../src/services/localize.js';
import { storeRoll } from '../src/services/rolls.js';
import type { CommandContext, CommandModule } from '../src/services/types.js';
import { sheetWeapon } from '../src/core/fate/combat/gear.js';
import { parseStatusName, type CheckStatus } from '../src/core/fate/status-names.js';
import { getCharacter } from '../src/store/characters.js';
import type { Tx } from '../src/store/db.js';
import { hydrate, resourceLine, type Character } from '../src/services/characters.js';
import { MARK_PAY, markChoice } from '../src/services/fate-marks.js';
import { npFor, npPool, payNp, revealTrueName } from '../src/services/combat/fate-np.js';
import { flightPenalty } from '../src/core/fate/combat/attack.js';
import { asideOf, ownAside, rollView, type Note } from '../src/views/roll.js';
import { luckButtons } from '../src/views/check-display.js';
import { readersOf } from '../src/services/secrecy.js';
import { fightGm, gmCopy, hiddenRollView } from '../src/services/combat/fate-hidden.js';
import { spendSupport } from '../src/services/combat/fate-support.js';
import { text } from '../src/views/view.js';
import { splitSkills } from '../src/services/skill-list.js';
import { DEFENSES, SURE_HIT_CANCEL, defendButtons } from '../src/services/combat/fate-buttons.js';
import { cancelSureHit } from '../src/services/combat/fate-sure-hit.js';
import { FLAT_MAX, flatModifiers, flatNotes } from '../src/services/combat/fate-flat.js';
import { npMarks } from '../src/core/fate/combat/noble-phantasm.js';
import type { PendingAttack } from '../src/services/combat/state.js';
import { defend } from '../src/services/combat/fate-defense.js';
import { resolvePending } from '../src/services/combat/fate-resolve.js';
import { assertMagicAllowed } from '../src/services/combat/fate-magic.js';
import { fighterChoices } from '../src/services/combat/fight-choices.js';
import { combatantSkillChoices, combatantNpChoices } from '../src/services/skill-choices.js';
import { wording } from '../src/i18n/wording.js';

const definition = describe(new SlashCommandBuilder(), 'cmd.attack')
  .setDMPermission(false)
  .addStringOption((o) => describe(o, 'cmd.attack.target').setRequired(true).setMaxLength(100).setAutocomplete(true))
  .addStringOption((o) => describe(o, 'cmd.attack.status').addChoices(...localizedChoices(['str', 'agi', 'mag', 'np'], 'choice.attackStatus')))
  .addStringOption((o) => describe(o, 'cmd.attack.skills').setMaxLength(300).setAutocomplete(true))
  .addIntegerOption((o) => describe(o, 'cmd.attack.weapon').setMinValue(0).setMaxValue(999))
  .addBooleanOption((o) => describe(o, 'cmd.attack.magical'))
  .addBooleanOption((o) => describe(o, 'cmd.attack.ranged'))
  .addStringOption((o) => describe(o, 'cmd.attack.intent').addChoices(...localizedChoices(['incapacitate', 'kill'], 'choice.intent')))
  .addStringOption((o) => describe(o, 'cmd.attack.attacker').setMaxLength(100).setAutocomplete(true))
  .addIntegerOption((o) => describe(o, 'cmd.check.support').setMinValue(1).setMaxValue(999))
  // The mark choices /check offers, at the same prices (L897–909, L867–868).
  .addBooleanOption((o) => describe(o, 'cmd.check.marks'))
  .addBooleanOption((o) => describe(o, 'cmd.check.no_minus'))
  .addStringOption((o) => describe(o, 'cmd.check.pay').addChoices(...localizedChoices(MARK_PAY, 'check.pay')))
  // A Noble Phantasm attack: its dice-plus, 固定値 and MP (L1064, L1087–1093).
  .addStringOption((o) => describe(o, 'cmd.attack.np').setMaxLength(100).setAutocomplete(true))
  .addBooleanOption((o) => describe(o, 'cmd.mp.spend.allow_hp'))
  // A flat plus or minus (a targeted strike's −2/−3, L411–421; the GM's ruling), and an ambush's margin (L453–456).
  .addIntegerOption((o) => describe(o, 'cmd.check.plus').setMinValue(1).setMaxValue(FLAT_MAX))
  .addIntegerOption((o) => describe(o, 'cmd.check.minus').setMinValue(1).setMaxValue(FLAT_MAX))
  .addIntegerOption((o) => describe(o, 'cmd.attack.ambush').setMinValue(1).setMaxValue(FLAT_MAX))
  // 魔力放出: the MP spent before the attack, added to its achievement (L1150).
  .addIntegerOption((o) => describe(o, 'cmd.check.burst').setMinValue(1).setMaxValue(6))
  .toJSON();

export const attack: CommandModule = {
  definition,
  helpKey: 'help.attack',
  async execute(ctx, options) {
    if (!ctx.guildId) throw new UserError('error.guildOnly');
    const statusOption = options.string('status');
    const status = parseStatusName(statusOption ?? 'str') as CheckStatus;
    const marks = markChoice(options);
    const npName = options.string('np')?.trim() || null;
    const out = await ctx.store.transaction(async (tx) => {
      const combatRow = await requireCombat(tx, ctx);
      const state = await withSheets(tx, combatRow.state as FateCombatState);
      if (state.pending) throw new UserError('attack.pending', { name: state.combatants.find((c) => c.key === state.pending!.target)?.name ?? '?' });
      const gm = await isGm(tx, ctx);
      const attacker = options.string('attacker') ? findCombatant(state, options.string('attacker')!) : currentActor(state);
      if (!attacker) throw new UserError('combat.notStarted');
      if (attacker.key !== currentActor(state)?.key && !gm) throw new UserError('combat.notYourTurn', { name: attacker.name });
      if (attacker.ownerId !== ctx.user.id && !gm) throw new UserError('combat.notYourTurn', { name: attacker.name });
      const target = findCombatant(state, options.string('target') ?? '');
      if (!active(target)) throw new UserError('attack.targetDown', { name: target.name });
      // An NP attack (np:, or status:np for the sheet's only NP) brings its dice-plus, 固定値 and MP price
      // (L1064, L1087–1093); status:np rolls the status its weapon type calls for (L209–211).
      const np = npName !== null || (status === 'np' && attacker.characterId !== null) ? await npFor(tx, attacker, npName) : null;
      // np: without status: the NP's own attack status (射撃 AGI, 魔術 MAG, otherwise STR; L209–211), as status:np does.
      const rollStatus: CheckStatus = np && (status === 'np' || statusOption === null) ? np.status : status;
      // marks:true on an NP attack also takes the NP's "+": EX's +14 for 14 MP, a rank "+"'s dice (L867–868, L1092–1093).
      const npPlus = np ? npMarks(np, marks.activate) : null;
      const magical = options.boolean('magical') ?? rollStatus === 'mag';
      const reach = (options.boolean('ranged') ?? false) || (np?.reachesBackRow ?? false);
      if (!canAttack(state, attacker, target, magical, reach)) throw new UserError('attack.outOfReach', { name: target.name });
      const skills = splitSkills(options.string('skills'));
      if (!gm) await assertMagicAllowed(tx, attacker, rollStatus, false);
      // Without weapon:, the sheet's weapon (or the NP's 固定値 for an NP attack) is used.
      const fromSheet = options.integer('weapon') !== null ? null : np ? { attack: np.weapon, name: np.name } : await weaponOf(tx, attacker, false);
      const weapon = options.integer('weapon') ?? fromSheet?.attack ?? 0;
      // A melee attack by a non-flyer on a flyer: −ceil(Lv/2) (L515).
      const flight = flightPenalty({ melee: !magical && !(options.boolean('ranged') ?? false), attackerFlying: attacker.flight !== undefined, targetFlightLevel: target.flight?.level ?? null });
      // The master's support points, spent on this attack (L229); the rest stays for later rolls.
      const support = options.integer('support') ?? 0;
      const supported = await spendSupport(tx, ctx, attacker, support);
      const flat = flatModifiers(options);
      const { result, allNighter, notes: rollNotes } = await rollFor(tx, attacker, rollStatus, skills, ctx, {
        role: 'attack',
        round: state.round,
        minus: flight + flat.minus,
        plus: support + flat.plus + flat.ambush + (npPlus?.bonus ?? 0),
        marks,
        burst: options.integer('burst'),
        ...(np ? { extraPools: npPool({ ...np, dice: np.dice + (npPlus?.dice ?? 0) }) } : {}),
      });
      if (supported) rollNotes.push(supported);
      rollNotes.push(...(npPlus?.notes ?? []).map((n) => ctx.t(n.key, n.params)), ...flatNotes(ctx, flat));
      // The NP's MP is paid after its use (単発, L1064); short of MP the whole attack is refused (L872: HP only with allow_hp).
      const paidNp = np ? await payNp(tx, ctx, attacker, np, options.boolean('allow_hp') ?? false, npPlus?.mp ?? 0) : null;
      if (paidNp) rollNotes.push(paidNp.note);
      // Its added effects: 防御無視 and 必中 act at the defense and resolve steps (L1404, L1415); 使用時真名判明 now (L1470).
      const trueName = np?.effects.revealsTrueName ? await revealTrueName(tx, ctx, attacker, np) : null;
      if (np?.effects.ignoreArmor) rollNotes.push(ctx.t('fate.np.ignoreArmor', { np: np.name }));
      if (np?.effects.sureHit) rollNotes.push(ctx.t('fate.np.sureHit', { np: np.name, name: target.name }));
      // A negative achievement counts as 0 (achievement minus stops at 0, digest §1.7).
      if (result.value < 0) rollNotes.push(ctx.t('check.belowZero', { value: result.value }));
      if (flight > 0) rollNotes.push(ctx.t('fate.flight.penalty', { name: target.name, penalty: flight }));
      // A hidden NPC's roll is the GM's (its pool, its dice): stored as a secret roll, kept out of /log export.
      const rollId = await storeRoll(tx, ctx, { result, comment: wording({ key: 'attack.comment', params: { attacker: attacker.name, target: target.name } }), secret: attacker.hidden, ...(attacker.characterId !== null ? { characterId: attacker.characterId } : {}) });
      const pending: PendingAttack = {
        attacker: attacker.key,
        target: target.key,
        achievement: achievementOf(result),
        rollId,
        weapon,
        magical,
        intent: (options.string('intent') ?? 'incapacitate') as 'incapacitate' | 'kill',
        ...(np ? { np: np.name } : {}),
        ...(np?.effects.ignoreArmor ? { ignoreArmor: true } : {}),
        ...(np?.effects.sureHit ? { sureHit: 'active' as const } : {}),
        ...(flat.ambush > 0 ? { ambush: flat.ambush } : {}),
      };
      // withSheets: the tracker shows the MP/HP the marks and the NP just took.
      const saved = await saveCombatState(tx, ctx, combatRow, 'combat.attack', await withSheets(tx, { ...state, pending }));
      const own = await ownCharacter(tx, attacker);
      // Did this attack cost HP or MP (marks, an NP)? Then its player reads what is left.
      const paid = own !== null && (own.runtime.hp !== attacker.hp || own.runtime.mp !== attacker.mp);
      const secret = (await readersOf(tx, ctx.guildId, attacker.characterId)) !== null;
      const gmReader = attacker.hidden ? await fightGm(tx, ctx) : null;
      return { result, rollId, attacker, target, saved, allNighter, weapon, fromSheet, rollNotes, own, paid, secret, gmReader, trueName, pending, board: await fateBoard(tx, ctx, saved) };
    });
    const notes: Note[] = [...out.rollNotes]; // the all-nighter note comes with them (rollFor)
    if (out.fromSheet?.name) notes.push(ctx.t('attack.weaponFromSheet', { weapon: out.weapon, name: out.fromSheet.name }));
    const comment = (reader: CommandContext) => reader.t('attack.comment', { attacker: out.attacker.name, target: out.target.name });
    const full = (reader: CommandContext) => rollView(reader, { result: out.result, id: out.rollId, name: out.attacker.name, comment: comment(reader), notes });
    // The attack roll offers a luck reroll as checks and defenses do (L215–217), while dice failed and luck may be left.
    const luck = out.attacker.hidden ? [] : luckButtons(ctx, out.rollId, out.result, out.own ? { c: out.own, secret: out.secret } : null, { style: 'secondary' });
    // A hidden NPC's attack shows the table who attacks whom, never its pool or dice: the GM reads them by DM.
    const view = out.attacker.hidden ? hiddenRollView(ctx, out.attacker.name, comment(ctx)) : full(ctx);
    return {
      view: {
        ...view,
        // The true name told by 使用時真名判明 is the table's (L1470), even under a hidden NPC's roll.
        blocks: [...view.blocks, ...(out.trueName ? [out.trueName] : []), text(ctx.t('attack.defendPrompt', { name: out.target.name }))],
        buttons: [...luck, ...defendButtons(ctx, out.pending)],
      },
      dms: out.attacker.hidden ? gmCopy(ctx, out.gmReader, full) : [],
      // What the marks and the NP cost, the attacker's own MP/HP/luck after them, and its luck left when a
      // luck button is offered (the button's label does not count it): to its player alone (seed 001 L50).
      ...asideOf(out.own ? ownAside(ctx, notes, out.paid || luck.length > 0 ? (t: typeof ctx.t) => resourceLine({ ...ctx, t }, out.own!) : undefined) : undefined),
      board: out.board,
    };
  },
  async component(ctx, customId) {
    if (customId === 'attack:resolve') return await resolvePending(ctx, true);
    if (customId === SURE_HIT_CANCEL) return await cancelSureHit(ctx);
    const status = customId.split(':')[2] as (typeof DEFENSES)[number];
    if (!DEFENSES.includes(status)) throw new UserError('attack.noPending');
    return await defend(ctx, status);
  },
  async autocomplete(ctx, focused, options) {
    // the skills are the attacker's: the named one (the GM's) or the one whose turn it is
    const attacker = (s: FateCombatState) => (options.string('attacker') ? s.combatants.find((c) => c.name === options.string('attacker')) : currentActor(s));
    if (focused.name === 'skills') return await combatantSkillChoices(ctx, focused.value, attacker);
    // the attacker's Noble Phantasms, by the sheet's names (L1064)
    if (focused.name === 'np') return await combatantNpChoices(ctx, focused.value, attacker);
    return await fighterChoices(ctx, focused.value, { standing: true });
  },
};

/** The combatant's character as it stands now (after what this roll paid), or null for an ad-hoc NPC. */
async function ownCharacter(tx: Tx, c: FateCombatState['combatants'][number]): Promise<Character | null> {
  const row = c.characterId === null ? undefined : await getCharacter(tx, c.characterId);
  return row ? hydrate(row) : null;
}

async function weaponOf(tx: Tx, c: FateCombatState['combatants'][number], useNp: boolean): Promise<{ attack: number; name: string | null } | null> {
  const row = c.characterId === null ? undefined : await getCharacter(tx, c.characterId);
  return row ? sheetWeapon(hydrate(row).sheet, useNp) : null;
}
