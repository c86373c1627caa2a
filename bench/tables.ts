// The tables of an evening (issue 32 §1), set up through the fake Discord as players and GMs would:
// Fate fights, Persona fights with hidden shadows, Fate wars of 7 factions, percentage wars, checks
// from a sheet, palettes, secret and plain rolls, each in its own channel with its own GM and players.
// Each kind of command says what it sends and which effects (DMs, a board or tracker edit in its
// channel) it leaves, so the load (./table-load.ts) can find them at the fake and time the last one.
import fs from 'node:fs';
import path from 'node:path';
import type { CommandOption, FakeDiscord, FakeUser, InteractionExchange, RecordedMessage } from '../test/e2e/fake-discord/index.js';

type Opt = CommandOption;
const sub = (name: string, options: Opt[] = []) => [{ name, type: 1, options }];
const opt = (name: string, value: CommandOption['value']): Opt => ({ name, value });
const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, '..', 'test', 'e2e', 'fixtures', name), 'utf8');

/** What one command of a kind leaves besides its reply: DMs to these readers, an edit of its channel's board. */
export interface Expected {
  dms: string[];
  board: boolean;
  /** a reader who may get a DM copy, depending on the state (the GM's copy of a hidden combatant's numbers) */
  mayDm?: string;
  /** which of the reader's DMs are this command's (two kinds of command write to the same GM) */
  dmIs?: (body: { embeds?: { description?: string }[] }, reply: InteractionExchange | undefined) => boolean;
}

/**
 * The answer's embeds as JSON: the callback's, or, for a command acknowledged first because it ran past
 * 1.5 s under load (src/discord/dispatcher.ts), those of the edit or follow-up that brought it. Read
 * from the callback alone, a late answer looked empty, and the DMs it caused were counted as extras.
 */
export const answerText = (ex: InteractionExchange): string =>
  JSON.stringify([...(ex.callback.data?.embeds ?? []), ...ex.edits.flatMap((e) => e?.embeds ?? []), ...ex.followUps.flatMap((f) => f?.embeds ?? [])]);

/** A GM copy of this reply: its first line is the reply's (the public one reads the same line without the numbers). */
const copyOf = (body: { embeds?: { description?: string }[] }, reply: InteractionExchange | undefined) => {
  const first = body.embeds?.[0]?.description?.split('\n')[0];
  return !!first && !!reply && answerText(reply).includes(JSON.stringify(first).slice(1, -1));
};

const hpCopy = (body: { embeds?: { description?: string }[] }) => /is now HP/.test(body.embeds?.[0]?.description ?? '');

export interface Sent {
  channelId: string;
  /** or read from the reply, for a command whose effects depend on the state (a war's day end) */
  expected: Expected | ((ex: InteractionExchange) => Expected);
  run: Promise<InteractionExchange>;
}

export interface TableKind {
  name: string;
  /** Interactions of this kind per 60 of the mix. */
  share: number;
  send(fake: FakeDiscord, n: number): Sent;
}

export const KIND_ROLL_1D6 = 'roll 1d6';

export interface Layout {
  fateFights: number;
  personaFights: number;
  fateWars: number;
  fateFactions: number;
  percentWars: number;
  percentFactions: number;
  checks: number;
  palettes: number;
  rolls: number;
}

/** 35 channels, as issue 32 measured them. */
export const EVENING: Layout = { fateFights: 8, personaFights: 8, fateWars: 4, fateFactions: 7, percentWars: 3, percentFactions: 4, checks: 4, palettes: 4, rolls: 4 };

export const channelsOf = (l: Layout) => l.fateFights + l.personaFights + l.fateWars + l.percentWars + l.checks + l.palettes + l.rolls;

interface Table {
  channelId: string;
  gm: FakeUser;
  players: FakeUser[];
}

/** The embed colour of a refusal (src/discord/render.ts). */
const ERROR_COLOR = 0xed4245;

/** Sends a setup command and insists that it worked (a public or private answer, not an error). */
async function step(fake: FakeDiscord, what: string, run: Promise<InteractionExchange>): Promise<InteractionExchange> {
  const ex = await run;
  const embed = ex.callback.data?.embeds?.[0];
  if (![4, 5, 7, 9].includes(ex.callback.type)) throw new Error(`setup: ${what}: callback ${ex.callback.type}`);
  if (embed?.color === ERROR_COLOR) throw new Error(`setup: ${what}: ${JSON.stringify(embed).slice(0, 400)}`);
  return ex;
}

async function newTable(fake: FakeDiscord, name: string, players: number): Promise<Table> {
  const channelId = fake.createTextChannel({ name });
  const gm = fake.createUser({ username: `gm_${name}` });
  await step(fake, `${name} claim`, fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') }));
  return { channelId, gm, players: Array.from({ length: players }, (_, i) => fake.createUser({ username: `${name}_p${i}` })) };
}

async function importPair(fake: FakeDiscord, t: Table, user: FakeUser, master: string, servant: string): Promise<void> {
  const servantText = fixture('saber.txt').replaceAll('セイバー', servant);
  const masterText = fixture('master.txt').replaceAll('例・魔術師', master).replace('【サーヴァント】セイバー', `【サーヴァント】${servant}`);
  for (const [file, content] of [[`${servant}.txt`, servantText], [`${master}.txt`, masterText]] as const) {
    await step(fake, `import ${file}`, fake.command({ name: 'sheet', channelId: t.channelId, user, options: sub('import', [opt('file', fake.uploadAttachment({ filename: file, content }))]) }));
  }
}

/** Round-robin over a kind's tables. */
function rotating<T>(tables: T[]): (n: number) => T {
  return (n) => tables[n % tables.length]!;
}

export async function setUpEvening(fake: FakeDiscord, layout: Layout = EVENING): Promise<TableKind[]> {
  const kinds: TableKind[] = [];

  // Fate fights: three combatants; the GM moves the turn on, the tracker follows.
  const fateFights: Table[] = [];
  for (let i = 0; i < layout.fateFights; i++) {
    const t = await newTable(fake, `fate-fight-${i}`, 0);
    await step(fake, 'combat start', fake.command({ name: 'combat', channelId: t.channelId, user: t.gm, options: sub('start', [opt('ruleset', 'fate')]) }));
    for (const [who, side] of [['Archer', 'us'], ['Rider', 'them'], ['Caster', 'them']] as const) {
      await step(fake, 'combat add', fake.command({ name: 'combat', channelId: t.channelId, user: t.gm, options: sub('add', [opt('who', who), opt('side', side), opt('hp', 40), opt('iv', 10), opt('pool', '6d6<=4')]) }));
    }
    await step(fake, 'combat next', fake.command({ name: 'combat', channelId: t.channelId, user: t.gm, options: sub('next') }));
    fateFights.push(t);
  }
  const fateFight = rotating(fateFights);
  kinds.push({
    name: 'fate fight: /combat next',
    share: 8,
    send: (f, n) => {
      const t = fateFight(n);
      return { channelId: t.channelId, expected: { dms: [], board: true }, run: f.command({ name: 'combat', channelId: t.channelId, user: t.gm, options: sub('next') }) };
    },
  });

  // Persona fights: a player's character against two hidden shadows; the GM passes slots, and sets a
  // hidden shadow's HP (the table reads that it changed, the GM the number, by DM).
  const personaFights: Table[] = [];
  for (let i = 0; i < layout.personaFights; i++) {
    const t = await newTable(fake, `persona-${i}`, 1);
    await step(fake, 'combat start', fake.command({ name: 'combat', channelId: t.channelId, user: t.gm, options: sub('start', [opt('ruleset', 'persona'), opt('name', 'Tartarus')]) }));
    for (const b of [
      { block: 'Aki pc HP40 DEX20 luck10', player: t.players[0] },
      { block: 'Ghost npc HP90 agi5 luck0 con17', hidden: true },
      { block: 'Wisp npc HP90 agi4 luck0 pow23', hidden: true },
    ]) {
      await step(fake, 'persona add', fake.command({ name: 'persona', channelId: t.channelId, user: t.gm, options: sub('add', [opt('block', b.block), ...(b.player ? [opt('player', b.player)] : []), ...(b.hidden ? [opt('hidden', true)] : [])]) }));
    }
    await step(fake, 'combat next', fake.command({ name: 'combat', channelId: t.channelId, user: t.gm, options: sub('next') }));
    personaFights.push(t);
  }
  const persona = rotating(personaFights);
  kinds.push({
    name: 'persona: /persona pass',
    share: 6,
    send: (f, n) => {
      const t = persona(n);
      // the GM reads a hidden shadow's numbers by DM when its turn comes up
      return { channelId: t.channelId, expected: { dms: [], board: true, mayDm: t.gm.id, dmIs: (b, reply) => !hpCopy(b) && copyOf(b, reply) }, run: f.command({ name: 'persona', channelId: t.channelId, user: t.gm, options: sub('pass') }) };
    },
  });
  kinds.push({
    name: 'persona: hidden HP',
    share: 2,
    send: (f, n) => {
      const t = persona(n);
      return {
        channelId: t.channelId,
        // the table's tracker does not show a hidden shadow's HP: it is not edited for it
        expected: { dms: [t.gm.id], board: false, dmIs: hpCopy },
        run: f.command({ name: 'persona', channelId: t.channelId, user: t.gm, options: sub('adjust', [opt('who', 'Ghost'), opt('hp', 80 + (n % 2))]) }),
      };
    },
  });

  // Fate wars of 7 factions, each a player with a master and a servant; the GM advances the turn: the
  // board is edited and every faction reads its own turn end by DM.
  const fateWars: Table[] = [];
  for (let i = 0; i < layout.fateWars; i++) {
    const t = await newTable(fake, `fate-war-${i}`, layout.fateFactions);
    await step(fake, 'war start', fake.command({ name: 'war', channelId: t.channelId, user: t.gm, options: sub('start', [opt('ruleset', 'fate'), opt('name', `War ${i}`)]) }));
    for (const [j, player] of t.players.entries()) {
      await importPair(fake, t, player, `W${i}F${j}・魔術師`, `W${i}F${j}セイバー`);
      await step(fake, 'war join', fake.command({ name: 'war', channelId: t.channelId, user: player, options: sub('join', [opt('master', `W${i}F${j}・魔術師`), opt('servant', `W${i}F${j}セイバー`), opt('faction', `Faction ${j}`)]) }));
    }
    await step(fake, 'war advance', fake.command({ name: 'war', channelId: t.channelId, user: t.gm, options: sub('advance') }));
    fateWars.push(t);
  }
  const fateWar = rotating(fateWars);
  kinds.push({
    name: `fate war: /war advance (${layout.fateFactions} factions)`,
    share: 1,
    send: (f, n) => {
      const t = fateWar(n);
      // each faction reads its own lines by DM (a day end's recovery, an all-nighter's penalty, seed 001
      // L241–248); the GM's report holds every line, naming the faction's master or servant
      const expected = (ex: InteractionExchange): Expected => {
        const report = answerText(ex);
        return { dms: t.players.filter((_, j) => report.includes(`W${n % layout.fateWars}F${j}`)).map((p) => p.id), board: true };
      };
      return { channelId: t.channelId, expected, run: f.command({ name: 'war', channelId: t.channelId, user: t.gm, options: sub('advance') }) };
    },
  });

  // Percentage wars: factions joined by level and MAG (mana stays positive however long it runs).
  const percentWars: Table[] = [];
  for (let i = 0; i < layout.percentWars; i++) {
    const t = await newTable(fake, `percent-war-${i}`, layout.percentFactions);
    await step(fake, 'war start', fake.command({ name: 'war', channelId: t.channelId, user: t.gm, options: sub('start', [opt('ruleset', 'percent'), opt('name', `Percent ${i}`)]) }));
    for (const [j, player] of t.players.entries()) {
      await step(fake, 'war join', fake.command({ name: 'war', channelId: t.channelId, user: player, options: sub('join', [opt('faction', `Faction ${j}`), opt('level', 50), opt('mag', 30)]) }));
    }
    await step(fake, 'war advance', fake.command({ name: 'war', channelId: t.channelId, user: t.gm, options: sub('advance') }));
    percentWars.push(t);
  }
  const percentWar = rotating(percentWars);
  kinds.push({
    name: `percentage war: /war advance (${layout.percentFactions} factions)`,
    share: 1,
    send: (f, n) => {
      const t = percentWar(n);
      return { channelId: t.channelId, expected: { dms: t.players.map((p) => p.id), board: true }, run: f.command({ name: 'war', channelId: t.channelId, user: t.gm, options: sub('advance') }) };
    },
  });

  // Checks from a sheet.
  const checks: Table[] = [];
  for (let i = 0; i < layout.checks; i++) {
    const t = await newTable(fake, `checks-${i}`, 1);
    await importPair(fake, t, t.players[0]!, `C${i}・魔術師`, `C${i}セイバー`);
    await step(fake, 'sheet use', fake.command({ name: 'sheet', channelId: t.channelId, user: t.players[0]!, options: sub('use', [opt('name', `C${i}セイバー`)]) }));
    checks.push(t);
  }
  const check = rotating(checks);
  kinds.push({
    name: 'check: /check',
    share: 8,
    send: (f, n) => {
      const t = check(n);
      return { channelId: t.channelId, expected: { dms: [], board: false }, run: f.command({ name: 'check', channelId: t.channelId, user: t.players[0]!, options: [opt('status', n % 2 ? 'agi' : 'str'), opt('target', 20)] }) };
    },
  });

  // Palettes: a palette built from a sheet; its lines are rolled by their buttons.
  const palettes: { t: Table; message: RecordedMessage; customId: string }[] = [];
  for (let i = 0; i < layout.palettes; i++) {
    const t = await newTable(fake, `palette-${i}`, 1);
    const player = t.players[0]!;
    await importPair(fake, t, player, `P${i}・魔術師`, `P${i}セイバー`);
    await step(fake, 'palette edit', fake.command({ name: 'palette', channelId: t.channelId, user: player, options: sub('edit', [opt('name', `Saber ${i}`), opt('character', `P${i}セイバー`)]) }));
    const saved = await step(
      fake,
      'palette save',
      fake.modalSubmit({
        customId: 'palette:edit',
        channelId: t.channelId,
        user: player,
        fields: { name: `Saber ${i}`, character: `P${i}セイバー`, lines: '{筋力ダイス}d6<={筋力}+{魔力放出}d6<={魔力放出} 攻撃\n1d100<={命中} 命中', variables: '命中=70' },
      }),
    );
    const customId = (saved.callback.data?.components ?? []).flatMap((r: { components: { custom_id?: string }[] }) => r.components.map((c) => c.custom_id)).find((id: string | undefined) => id?.startsWith('palette:roll:'));
    if (!customId || !saved.original) throw new Error('setup: the palette has no roll button');
    palettes.push({ t, message: saved.original, customId });
  }
  const palette = rotating(palettes);
  kinds.push({
    name: 'palette: a line’s button',
    share: 8,
    send: (f, n) => {
      const p = palette(n);
      return { channelId: p.t.channelId, expected: { dms: [], board: false }, run: f.component({ customId: p.customId, message: p.message, channelId: p.t.channelId, user: p.t.players[0]! }) };
    },
  });

  // Dice tables: secret rolls (the GM reads them by DM), plain rolls, and the reference /roll 1d6.
  const rolls: Table[] = [];
  for (let i = 0; i < layout.rolls; i++) rolls.push(await newTable(fake, `dice-${i}`, 2));
  const diceTable = rotating(rolls);
  kinds.push({
    name: 'secret roll',
    share: 4,
    send: (f, n) => {
      const t = diceTable(n);
      return { channelId: t.channelId, expected: { dms: [t.gm.id], board: false }, run: f.command({ name: 'roll', channelId: t.channelId, user: t.players[n % 2]!, options: [opt('expression', '2d6+1'), opt('secret', true)] }) };
    },
  });
  const EXPRESSIONS = ['8d6<=4', '10d6<=5+4d6<=4', '2d6+3', '1d100<=50'];
  kinds.push({
    name: 'plain roll',
    share: 8,
    send: (f, n) => {
      const t = diceTable(n);
      return { channelId: t.channelId, expected: { dms: [], board: false }, run: f.command({ name: 'roll', channelId: t.channelId, user: t.players[n % 2]!, options: [opt('expression', EXPRESSIONS[n % EXPRESSIONS.length]!)] }) };
    },
  });
  kinds.push(rollOneD6(rolls.map((t) => ({ channelId: t.channelId, user: t.players[0]! })), 14));
  return kinds;
}

/** The reference: `/roll 1d6`, alone (the quiet floor) or in the mix. */
export function rollOneD6(where: { channelId: string; user: FakeUser }[], share: number): TableKind {
  const at = rotating(where);
  return {
    name: KIND_ROLL_1D6,
    share,
    send: (f, n) => {
      const w = at(n);
      return { channelId: w.channelId, expected: { dms: [], board: false }, run: f.command({ name: 'roll', channelId: w.channelId, user: w.user, options: [opt('expression', '1d6')] }) };
    },
  };
}

/**
 * A schedule of 60 slots, each kind's share spread evenly over them, each kind from a phase of its own
 * (its place among the kinds): tables are independent. With one phase for all, kinds of the same share
 * went out together every cycle: the two war advances (the only kinds of share 1) 17 ms apart every
 * second, so on PostgreSQL the second always waited for the first's war lock (store/db.ts
 * TransactionOptions), a percentage war's advance at p50 12–14 ms instead of 8–9 ms.
 */
export function schedule(kinds: TableKind[]): TableKind[] {
  const slots: { kind: TableKind; at: number }[] = [];
  for (const [k, kind] of kinds.entries()) {
    const phase = (k + 0.5) / kinds.length;
    for (let i = 0; i < kind.share; i++) slots.push({ kind, at: (i + phase) / kind.share });
  }
  return slots.sort((a, b) => a.at - b.at).map((s) => s.kind);
}
