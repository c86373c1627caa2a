// /hp damage | heal | set and /mp spend | gain | set | support | supply on a character
// (seed 001 L204, L226–234, L871–872; digest §3.3, §8.7).
import { SlashCommandBuilder, type SlashCommandSubcommandBuilder } from '@discordjs/builders';
import { assertCanEdit, resolveCharacter, resolveFateCharacter, resourceLine, saveCharacter, type Character } from '../src/services/characters.js';
import { forTable } from '../src/services/table.js';
import { readersOf, secrecy, unseenAfter } from '../src/services/secrecy.js';
import { UserError } from '../src/services/errors.js';
import { describe } from '../src/services/localize.js';
import type { CommandContext, CommandModule, CommandOptions } from '../src/services/types.js';
import type { CharacterRuntime } from '../src/core/fate/character.js';
import { damage, gainMp, heal, MAX_AMOUNT, setHp, setMp, spendMp, supply, supportGrant, type Pools } from '../src/core/fate/resources.js';
import type { Tx } from '../src/store/db.js';
import { lastCountingRoll } from '../src/store/rolls.js';
import { text, type Reply } from '../src/views/view.js';
import { trackerAfterSheetChange } from '../src/services/combat/tracker.js';
import { characterChoices } from '../src/services/character-search.js';

const amount = (s: SlashCommandSubcommandBuilder, key: string) =>
  s.addIntegerOption((o) => describe(o, key).setRequired(true).setMinValue(0).setMaxValue(MAX_AMOUNT));
const character = (s: SlashCommandSubcommandBuilder, key: string) => s.addStringOption((o) => describe(o, key).setMaxLength(100).setAutocomplete(true));

const hpDefinition = describe(new SlashCommandBuilder(), 'cmd.hp')
  .setDMPermission(false)
  .addSubcommand((s) => character(amount(describe(s, 'cmd.hp.damage'), 'cmd.res.amount'), 'cmd.res.character'))
  .addSubcommand((s) => character(amount(describe(s, 'cmd.hp.heal'), 'cmd.res.amount'), 'cmd.res.character'))
  .addSubcommand((s) => character(amount(describe(s, 'cmd.hp.set'), 'cmd.res.amount'), 'cmd.res.character'))
  .toJSON();

const mpDefinition = describe(new SlashCommandBuilder(), 'cmd.mp')
  .setDMPermission(false)
  .addSubcommand((s) => character(amount(describe(s, 'cmd.mp.spend'), 'cmd.res.amount'), 'cmd.res.character').addBooleanOption((o) => describe(o, 'cmd.mp.spend.allow_hp')))
  .addSubcommand((s) => character(amount(describe(s, 'cmd.mp.gain'), 'cmd.res.amount'), 'cmd.res.character'))
  .addSubcommand((s) => character(amount(describe(s, 'cmd.mp.set'), 'cmd.res.amount'), 'cmd.res.character'))
  .addSubcommand((s) =>
    describe(s, 'cmd.mp.support')
      .addStringOption((o) => describe(o, 'cmd.mp.servant').setRequired(true).setMaxLength(100).setAutocomplete(true))
      .addIntegerOption((o) => describe(o, 'cmd.mp.support.reaction').setMinValue(-99).setMaxValue(99))
      .addIntegerOption((o) => describe(o, 'cmd.mp.support.grant').setMinValue(0).setMaxValue(MAX_AMOUNT))
      .addStringOption((o) => describe(o, 'cmd.mp.master').setMaxLength(100).setAutocomplete(true)),
  )
  .addSubcommand((s) =>
    amount(describe(s, 'cmd.mp.supply'), 'cmd.res.amount')
      .addStringOption((o) => describe(o, 'cmd.mp.servant').setRequired(true).setMaxLength(100).setAutocomplete(true))
      .addBooleanOption((o) => describe(o, 'cmd.mp.supply.remote'))
      .addStringOption((o) => describe(o, 'cmd.mp.master').setMaxLength(100).setAutocomplete(true)),
  )
  .toJSON();

const pools = (c: Character): Pools => ({ hp: c.runtime.hp, hpMax: c.max.hpMax, mp: c.runtime.mp, mpMax: c.max.mpMax, incapacitated: c.runtime.incapacitated });
const withPools = (runtime: CharacterRuntime, p: Pools): CharacterRuntime => ({ ...runtime, hp: p.hp, mp: p.mp, incapacitated: p.incapacitated });

/**
 * HP/MP changes: the table's, unless a character's pools are its war faction's secret (seed 001 L50;
 * src/services/secrecy.ts decides, in every channel of the server): then the reply goes to the actor
 * alone, in their language.
 */
function reply(ctx: CommandContext, lines: (c: CommandContext) => string[], secret: boolean): Reply {
  const speaker = secret ? ctx : forTable(ctx);
  return { view: { locale: speaker.locale, tone: 'info', title: speaker.t('res.title'), blocks: lines(speaker).map(text), ephemeral: secret }, dms: [] };
}

/** Whether any of these characters' resources are a war faction's secret. */
async function anySecret(tx: Tx, ctx: CommandContext, ...characters: Character[]): Promise<boolean> {
  const owners = await secrecy(tx, ctx.guildId, characters.map((c) => c.row.id));
  return [...owners.values()].some((r) => r !== null);
}

/** Applies a pool change to one character the caller may edit, in one transaction with its event. */
async function change(ctx: CommandContext, options: CommandOptions, type: string, fn: (p: Pools, n: number) => Pools): Promise<Reply> {
  const n = options.integer('amount') ?? 0;
  const { c, hpPaid, board, secret } = await ctx.store.transaction(async (tx) => {
    const found = await resolveCharacter(tx, ctx, options.string('character'));
    await assertCanEdit(tx, ctx, found);
    const readers = await readersOf(tx, ctx.guildId, found.row.id);
    const after = fn(pools(found), n);
    const hpPaid = type === 'mp.spend' ? found.runtime.hp - after.hp : 0;
    // HP paid for an MP shortfall while the MP is secret is not the table's to see (secrecy.ts hpFor)
    const saved = await saveCharacter(tx, ctx, found, type, { runtime: { ...withPools(found.runtime, after), ...unseenAfter(found.runtime, hpPaid, readers) } });
    const board = await trackerAfterSheetChange(tx, ctx, ctx.channelId, [saved.row.id]);
    return { c: saved, hpPaid, board, secret: readers !== null };
  });
  // An MP shortfall paid from HP (L872) is itemised.
  const out = reply(ctx, (t) => [t.t(`res.${type}`, { name: c.row.name, amount: n }), ...(hpPaid > 0 ? [t.t('res.mp.paidFromHp', { hp: hpPaid, mp: n - hpPaid })] : []), resourceLine(t, c)], secret);
  return board ? { ...out, board } : out;
}

export const hp: CommandModule = {
  definition: hpDefinition,
  helpKey: 'help.hp',
  async execute(ctx, options) {
    switch (options.subcommand()) {
      case 'damage':
        return await change(ctx, options, 'hp.damage', damage);
      case 'heal':
        return await change(ctx, options, 'hp.heal', heal);
      default:
        return await change(ctx, options, 'hp.set', setHp);
    }
  },
  autocomplete: async (ctx, focused) => await characterChoices(ctx, focused.value, 'own'),
};

export const mp: CommandModule = {
  definition: mpDefinition,
  helpKey: 'help.mp',
  async execute(ctx, options) {
    switch (options.subcommand()) {
      case 'spend': {
        const allowHp = options.boolean('allow_hp') ?? false;
        return await change(ctx, options, 'mp.spend', (p, n) => spendMp(p, n, allowHp).pools);
      }
      case 'gain':
        return await change(ctx, options, 'mp.gain', gainMp);
      case 'set':
        return await change(ctx, options, 'mp.set', setMp);
      case 'support':
        return await support(ctx, options);
      default:
        return await supplyMp(ctx, options);
    }
  },
  // one's own character or master (assertCanEdit); the servant supplied or supported may be anyone's
  autocomplete: async (ctx, focused) => await characterChoices(ctx, focused.value, focused.name === 'servant' ? 'any' : 'own'),
};

async function masterAndServant(tx: Tx, ctx: CommandContext, options: CommandOptions): Promise<{ master: Character; servant: Character }> {
  // The master named (seed 001 L231: the master gives its own MP), else the active character; only its owner or the GM.
  const master = await resolveFateCharacter(tx, ctx, options.string('master'));
  if (master.sheet.type !== 'master') throw new UserError('res.notMaster', { name: master.row.name });
  await assertCanEdit(tx, ctx, master);
  const servant = await resolveFateCharacter(tx, ctx, options.string('servant'));
  if (servant.row.id === master.row.id) throw new UserError('res.sameCharacter');
  return { master, servant };
}

/** 支援: the master's last check here sets the cap; MP pays for the points beyond a positive reaction modifier. */
async function support(ctx: CommandContext, options: CommandOptions): Promise<Reply> {
  const reaction = options.integer('reaction') ?? 0;
  const { master, servant, grant, mpCost, secret } = await ctx.store.transaction(async (tx) => {
    const { master, servant } = await masterAndServant(tx, ctx, options);
    const last = await lastCountingRoll(tx, ctx.user.id, ctx.channelId);
    if (!last || last.characterId !== master.row.id) throw new UserError('res.supportNeedsCheck', { name: master.row.name });
    const { grant, mpCost } = supportGrant(last.value, reaction, options.integer('grant'));
    const paid = spendMp(pools(master), mpCost, false).pools;
    const savedMaster = await saveCharacter(tx, ctx, master, 'mp.support', { runtime: withPools(master.runtime, paid) });
    const savedServant = await saveCharacter(tx, ctx, servant, 'support.granted', { runtime: { ...servant.runtime, supportPool: servant.runtime.supportPool + grant } });
    return { master: savedMaster, servant: savedServant, grant, mpCost, secret: await anySecret(tx, ctx, savedMaster, savedServant) };
  });
  return reply(ctx, (t) => [t.t('res.support', { master: master.row.name, servant: servant.row.name, grant, cost: mpCost }), resourceLine(t, master), resourceLine(t, servant)], secret);
}

/** 補給: any amount of the master's MP to the servant; only half (rounded down) arrives when remote. */
async function supplyMp(ctx: CommandContext, options: CommandOptions): Promise<Reply> {
  const remote = options.boolean('remote') ?? false;
  const { master, servant, arrives, spent, secret } = await ctx.store.transaction(async (tx) => {
    const { master, servant } = await masterAndServant(tx, ctx, options);
    const { spent, arrives } = supply(options.integer('amount') ?? 0, remote);
    const paid = spendMp(pools(master), spent, false).pools;
    const savedMaster = await saveCharacter(tx, ctx, master, 'mp.supply', { runtime: withPools(master.runtime, paid) });
    const savedServant = await saveCharacter(tx, ctx, servant, 'mp.supplied', { runtime: withPools(servant.runtime, gainMp(pools(servant), arrives)) });
    return { master: savedMaster, servant: savedServant, arrives, spent, secret: await anySecret(tx, ctx, savedMaster, savedServant) };
  });
  return reply(ctx, (t) => [t.t(remote ? 'res.supplyRemote' : 'res.supply', { master: master.row.name, servant: servant.row.name, spent, arrives }), resourceLine(t, master), resourceLine(t, servant)], secret);
}
