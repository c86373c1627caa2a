// Issue 27 through the real discord.js client: a hidden shadow's numbers are the GM's, by construction
// (src/services/combat/persona-lines.ts): whatever event or board mark carries one, the table reads its
// public wording, the GM's DM copy the number. One test per leak found on the old list-based hiding:
// its 運 in an instant death, its magic db in a recovery roll, its Down resistance, its CON/POW in
// natural recovery, its db on the Taru badge (text and picture); and Analyze as the seeds have it
// (who may, the lock-out, the result at the analyst's later slot). JA = seed 002, KO = seed 003.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeUser } from './fake-discord/index.js';
import type { InteractionExchange, RecordedMessage } from './fake-discord/types.js';
import { EPHEMERAL, embedText, startHarness, type Harness, answerOf } from './harness.js';
import { ephemeral, out, personaDriver, type Opt } from './persona-driver.js';

let h: Harness;
let channelId = '';
const driver = personaDriver(() => h, () => channelId);
const { combat, who, slotOwner, board } = driver;

/** Every command's exchange, with its channel: the table's share of them is the public replies. */
const exchanges: { channelId: string; ex: InteractionExchange }[] = [];
const recorded = async (run: Promise<InteractionExchange>): Promise<InteractionExchange> => {
  const ex = await run;
  exchanges.push({ channelId, ex });
  return ex;
};
const gmDo = (name: string, subName: string, options: Opt[] = []) => recorded(driver.gmDo(name, subName, options));
const as = (user: FakeUser, subName: string, options: Opt[] = []) => recorded(driver.as(user, subName, options));
const command = (input: Parameters<Harness['fake']['command']>[0]) => recorded(h.fake.command(input));

beforeAll(async () => {
  h = await startHarness('persona-hidden');
});
afterAll(async () => {
  await h?.close();
});

/** A fight in a new channel: each block added by the GM, `hidden` ones hidden, `player` ones played. */
async function newFight(name: string, blocks: { block: string; player?: FakeUser; hidden?: boolean }[], fight = 'Tartarus'): Promise<void> {
  channelId = h.fake.createTextChannel({ name });
  await gmDo('gm', 'claim');
  await gmDo('combat', 'start', [{ name: 'ruleset', value: 'persona' }, { name: 'name', value: fight }]);
  for (const b of blocks) {
    await gmDo('persona', 'add', [{ name: 'block', value: b.block }, ...(b.player ? [{ name: 'player', value: b.player }] : []), ...(b.hidden ? [{ name: 'hidden', value: true }] : [])]);
  }
  await gmDo('combat', 'next');
}

/** The bot may still be sending DMs, posts and board edits after the last reply. */
async function settle(): Promise<void> {
  let last = -1;
  for (let i = 0; i < 40; i++) {
    const count = h.fake.requests.length;
    if (count === last) return;
    last = count;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const shown = (body: any): string => {
  const labels = (body?.components ?? []).flatMap((row: any) => (row.components ?? []).map((c: any) => [c.label, c.placeholder, ...(c.options ?? []).map((o: any) => o.label)].filter(Boolean).join(' ')));
  return [body?.content ?? '', embedText(body), ...labels].filter(Boolean).join('\n');
};
const messageText = (m: RecordedMessage): string => [shown(m.body), ...m.edits.map(shown)].join('\n');

const isEphemeral = (body: { flags?: number } | undefined) => ((body?.flags ?? 0) & EPHEMERAL) === EPHEMERAL;

/** Everything the table read in the channel: public replies, posts and every version of the board. */
async function tableText(): Promise<string> {
  await settle();
  const replies = exchanges
    .filter((e) => e.channelId === channelId)
    .flatMap(({ ex }) => [...(answerOf(ex) && !isEphemeral(answerOf(ex)) ? [shown(answerOf(ex))] : []), ...ex.followUps.filter((f) => !isEphemeral(f)).map(shown)]);
  const posts = h.fake.channelMessages(channelId).filter((m) => !isEphemeral({ flags: m.flags })).map(messageText);
  // Discord ids (mentions, picture names) are not information, and may hold any two digits
  return [...replies, ...posts].join('\n').replace(/\d{15,}/g, '<id>');
}

/** Everything a user got by DM. */
async function dmText(user: FakeUser): Promise<string> {
  await settle();
  return h.fake.dms(user.id).map(messageText).join('\n');
}

/** The GM passes slots until `until` holds (at most n slots). */
async function passUntil(until: () => Promise<boolean>, n = 12): Promise<void> {
  for (let i = 0; i < n && !(await until()); i++) await gmDo('persona', 'pass');
}

const linesWith = (text: string, pattern: RegExp) => text.split('\n').filter((l) => pattern.test(l));

describe('a hidden shadow’s numbers stay the GM’s (issue 27 finding 1)', () => {
  it('instant death: the chance is 30 + the user’s 運 − the target’s (JA L172): the table reads whether it took, the GM the 43', async () => {
    const { gm, player } = h.fake.users;
    await newFight('hidden-mudo', [
      { block: 'Fuka pc HP40 DEX5 luck20', player },
      { block: 'Ghost npc HP90 agi30 luck33\nskill Mudo 即死30', hidden: true },
    ]);
    expect(await slotOwner()).toBe('Ghost');
    await gmDo('persona', 'attack', [{ name: 'skill', value: 'Mudo' }, { name: 'targets', value: 'Fuka' }]);
    const table = await tableText();
    const seen = linesWith(table, /Instant death on Fuka/);
    expect(seen.length).toBeGreaterThan(0);
    for (const l of seen) expect(l).not.toMatch(/\d{2}|1d100/); // neither the roll nor 30 + 33 − 20
    expect(table).not.toMatch(/43/);
    expect(await dmText(gm)).toMatch(/Instant death on Fuka: 1d100 = \d+ [≤>] 43/);
  });

  it('a recovery skill rolls the healer’s magic db (JA L377–382): the table reads neither the dice nor the amount', async () => {
    const { gm, player } = h.fake.users;
    await newFight('hidden-dia', [
      { block: 'Fuka pc HP40 DEX5', player },
      { block: 'Ghost npc HP90 agi30 mdb3D6\nskill Dia heal 1db auto', hidden: true },
    ]);
    await gmDo('persona', 'adjust', [{ name: 'who', value: 'Ghost' }, { name: 'hp', value: 10 }]);
    await gmDo('persona', 'attack', [{ name: 'skill', value: 'Dia' }, { name: 'targets', value: 'Ghost' }]);
    const copy = await dmText(gm);
    const m = /Recovery roll 3D6 = (\d+) → (\d+)/.exec(copy);
    expect(m, copy).not.toBeNull();
    const table = await tableText();
    expect(table).not.toMatch(/3D6|Recovery roll/);
    expect(table).toMatch(/Ghost rolls the recovery/);
    expect(table).toMatch(/Ghost recovers HP\./);
    expect(table).not.toMatch(new RegExp(`recovers ${m![2]} HP|→ ${m![2]}\\b`));
  });

  it('Down resistance is the shadow’s % (JA L1082–1085): the table reads that it held or failed, the GM the 37', async () => {
    const { gm, player } = h.fake.users;
    await newFight('hidden-down', [
      { block: 'Aki pc HP40 DEX20 mdb1D1+2\nskill Agi magic fire 1db auto', player },
      { block: 'Ghost npc HP90 agi5 down37\nresist fire:weak', hidden: true },
    ]);
    await as(player, 'attack', [{ name: 'skill', value: 'Agi' }, { name: 'targets', value: 'Ghost' }]);
    const table = await tableText();
    const seen = linesWith(table, /Down resistance fails|resists the Down/);
    expect(seen.length).toBeGreaterThan(0);
    for (const l of seen) expect(l).not.toMatch(/\d/);
    expect(table).not.toMatch(/37/);
    expect(await dmText(gm)).toMatch(/Ghost(’s Down resistance fails| resists the Down) \(1d100 = \d+ [≤>] 37\)/);
  });

  it('natural recovery rolls CON or POW × rounds (JA L352–353): the table reads the outcome, the GM the 17 and the 23', async () => {
    const { gm, player, player2 } = h.fake.users;
    await newFight('hidden-recovery', [
      { block: 'Aki pc HP40 DEX20 luck10', player },
      { block: 'Ben pc HP40 DEX18 luck10', player: player2 },
      { block: 'Ghost npc HP90 agi5 luck0 con17', hidden: true },
      { block: 'Wisp npc HP90 agi4 luck0 pow23', hidden: true },
    ]);
    const afflict = (target: string, status: string): Opt[] => [
      { name: 'targets', value: target },
      { name: 'kind', value: 'magic' },
      { name: 'element', value: 'fire' },
      { name: 'dice', value: '1d1' },
      { name: 'auto', value: true },
      { name: 'ailment', value: status },
      { name: 'ailment_rate', value: 100 },
    ];
    // 100 + 10 − 0 ≥ every roll: petrify (CON) on Ghost, charm (POW) on Wisp; wait: the GM may not choose for a charmed Wisp
    await as(player, 'attack', afflict('Ghost', 'petrify'));
    await as(player2, 'attack', afflict('Wisp', 'charm'));
    expect((await who('Ghost')).badStatus?.id).toBe('petrify');
    expect((await who('Wisp')).badStatus?.id).toBe('charm');
    // round 1: Ghost's slot is lost (nothing elapsed yet: no roll), the charmed Wisp defends
    if ((await slotOwner()) === 'Wisp') await gmDo('persona', 'defend');
    // round 2: the PCs pass; just before their turns Ghost rolls CON 17 × 1, Wisp POW 23 × 1
    for (let i = 0; i < 8 && (await combat()).round < 3; i++) {
      const owner = await slotOwner();
      if (owner === 'Wisp' && (await who('Wisp')).badStatus) await gmDo('persona', 'defend');
      else await gmDo('persona', 'pass');
    }
    const copy = await dmText(gm);
    expect(copy).toMatch(/Ghost (shakes off|is still under) Petrify \(1d100 = \d+ [≤>] 17\)/);
    expect(copy).toMatch(/Wisp (shakes off|is still under) Charm \(1d100 = \d+ [≤>] 23\)/);
    const table = await tableText();
    const seen = linesWith(table, /(Ghost|Wisp) (shakes off|is still under)/);
    expect(seen.length).toBeGreaterThanOrEqual(2);
    for (const l of seen) expect(l).not.toMatch(/\d/);
    // the board never said the odds either ("next recovery n%")
    expect(table).not.toMatch(/(17|23)%/);
  });

  it('Tarukaja on a hidden shadow: the board’s Taru badge shows the stage, not the db, in text and in the picture (JA L599)', async () => {
    const { gm, player } = h.fake.users;
    const play = async (name: string, db: string) => {
      await newFight(name, [
        { block: 'Aki pc HP40 DEX5', player },
        { block: `Ghost npc HP90 agi30 db${db}\nskill Tarukaja tarukaja auto`, hidden: true },
      ]);
      await gmDo('persona', 'attack', [{ name: 'skill', value: 'Tarukaja' }, { name: 'targets', value: 'Ghost' }]);
      expect((await who('Ghost')).taru).toBe(1);
      const fight = await h.fake.waitFor(async () => (await personaDriver(() => h, () => channelId).fight()).trackerMessageId);
      await h.fake.waitFor(() => (h.fake.message(fight!)!.attachments ?? []).some((a: any) => String(a.filename).endsWith('.png')) && JSON.stringify(h.fake.message(fight!)!.edits.at(-1) ?? {}).includes('Taru'));
      await settle();
      const picture = (h.fake.message(fight!)!.attachments ?? []).map((a: any) => String(a.filename)).find((f: string) => f.endsWith('.png'));
      return { table: await tableText(), board: await board(), picture };
    };
    const a = await play('hidden-taru-a', '1D6');
    const b = await play('hidden-taru-b', '2D6');
    for (const w of [a, b]) {
      expect(w.board).toMatch(/\*\*Ghost\*\* .*Taru \+1/);
      expect(w.table).not.toMatch(/1D6|2D6|1D4/);
      expect(w.table).toMatch(/Ghost: physical db 1 rank\(s\)\./);
    }
    // the picture is drawn from what the table may read: the same in both fights
    expect(a.picture).toBeDefined();
    expect(a.picture).toBe(b.picture);
    expect(await dmText(gm)).toMatch(/Ghost: physical db 1 rank\(s\): now 1D6\+1D4/);
  });

  it('the board never shows a hidden shadow’s HP, SP, initiative or the escape odds its 速 is in; a /log export neither', async () => {
    const { player } = h.fake.users;
    await newFight('hidden-board', [
      { block: 'Aki pc HP40 SP30 DEX41', player },
      { block: 'Ghost npc HP87 SP53 agi29 luck31 db2D6+1D4', hidden: true },
    ]);
    const shownBoard = await board();
    expect(shownBoard).toMatch(/\*\*Aki\*\* \(pc\) Init 41 HP/);
    expect(shownBoard).toMatch(/\*\*Ghost\*\* \(npc\) standing/);
    expect(shownBoard).not.toMatch(/escaping alone/); // 50 + (41 − 29) × 2 would give Ghost's 速
    const log = await command({ name: 'log', channelId, user: player, options: [{ name: 'export', type: 1, options: [] }] });
    const files = log.callbackFiles.map((f) => f.data.toString('utf8')).join('\n');
    expect(files).toMatch(/Tartarus/);
    const table = await tableText();
    for (const text of [table, files]) expect(text).not.toMatch(/HP 87|87\/87|SP 53|53\/53|Init 29|Luck 31|2D6/);
  });
});

describe('Analyze as the seeds have it (issue 27 finding 2; JA L419–431, KO L232–236)', () => {
  const blocks = () => [
    { block: 'Aki pc HP40 SP30 DEX20\nskill HighAnalyze analyze SP5 1R\nskill Zio magic elec 1db auto', player: h.fake.users.player },
    { block: 'Ben pc HP40 DEX18\nskill Agi magic fire 1db auto', player: h.fake.users.player2 },
    { block: 'Ghost npc HP77 agi9 luck13 db1D6\nresist fire:weak ice:null', hidden: true },
  ];
  const analysisOf = (user: FakeUser, target = 'Ghost') => () => h.fake.dms(user.id).find((m) => messageText(m).includes(`Analysis of ${target}`));

  it('only a Persona with an Analyze skill may (JA L421): Ben is refused in his language, and learns nothing', async () => {
    const { player, player2 } = h.fake.users;
    await newFight('analyze-who', blocks());
    await as(player, 'pass');
    expect(await slotOwner()).toBe('Ben');
    const en = await as(player2, 'analyze', [{ name: 'target', value: 'Ghost' }]);
    expect(ephemeral(en)).toBe(true);
    expect(out(en)).toMatch(/Ben has no Analyze skill: only an Arcanist Persona whose specialty is Analyze/);
    const ja = await command({ name: 'persona', channelId, user: player2, locale: 'ja', options: [{ name: 'analyze', type: 1, options: [{ name: 'target', value: 'Ghost' }] }] });
    expect(out(ja)).toMatch(/Benはアナライズ系のスキルを持っていない/);
    const ko = await command({ name: 'persona', channelId, user: player2, locale: 'ko', options: [{ name: 'analyze', type: 1, options: [{ name: 'target', value: 'Ghost' }] }] });
    expect(out(ko)).toMatch(/Ben에게는 애널라이즈 계통 스킬이 없다/);
    expect(await slotOwner()).toBe('Ben'); // nothing used
    expect(await dmText(player2)).not.toMatch(/Analysis of Ghost/);
  });

  it('the analyst pays the cost, takes no action — not even evasion or Cover — for the skill’s round, then reads the result at its next slot; the table never does', async () => {
    const { gm, player, player2 } = h.fake.users;
    await newFight('analyze-lock', blocks());
    const ally = await as(player, 'analyze', [{ name: 'target', value: 'Ben' }]);
    expect(ephemeral(ally)).toBe(true);
    expect(out(ally)).toMatch(/Aki can only analyze an enemy still in the fight, not Ben/);
    const ex = await as(player, 'analyze', [{ name: 'target', value: 'Ghost' }]);
    expect(ephemeral(ex)).toBe(false);
    expect(out(ex)).toMatch(/Aki analyzes Ghost: no action at all, passive ones included, for 1 round/);
    expect(out(ex)).toMatch(/Aki pays SP 5/);
    expect((await who('Aki')).sp).toBe(25);
    expect(analysisOf(player)()).toBeUndefined();
    expect(await board()).toMatch(/\*\*Aki\*\* .*Analyzing/);
    // no Cover while analyzing (JA L427)
    const cover = await as(player, 'cover', [{ name: 'target', value: 'Ben' }]);
    expect(ephemeral(cover)).toBe(true);
    expect(out(cover)).toMatch(/cannot/i);
    await as(player2, 'pass');
    expect(await slotOwner()).toBe('Ghost');
    // no evasion either: Aki chose to evade, but cannot now
    const hit = await gmDo('persona', 'attack', [{ name: 'targets', value: 'Aki' }, { name: 'kind', value: 'physical' }, { name: 'element', value: 'strike' }, { name: 'dice', value: '1d1' }, { name: 'hit', value: 100 }]);
    if (/Ghost → Aki: (hit|CRITICAL)/.test(out(hit))) expect(out(hit)).toMatch(/Aki cannot evade right now/);
    // round 2: at the start of Aki's slot the result reaches Aki's player, and Aki acts
    await passUntil(async () => (await combat()).round === 2 && (await slotOwner()) === 'Aki');
    const dm = await h.fake.waitFor(analysisOf(player));
    const result = messageText(dm);
    expect(result).toMatch(/HP 77/);
    expect(result).toMatch(/Agi 9 · Luck 13/);
    expect(result).toMatch(/Fire:Weak, Ice:Null/);
    expect((await who('Aki')).analyzing ?? null).toBeNull();
    const table = await tableText();
    expect(table).toMatch(/Aki completes the analysis of Ghost/);
    expect(table).not.toMatch(/Analysis of Ghost|Agi 9|Luck 13|Fire:Weak|HP 77/);
    // nobody else got it
    expect(await dmText(player2)).not.toMatch(/Analysis of Ghost/);
    expect(await dmText(gm)).not.toMatch(/Analysis of Ghost/);
  });

  it('a longer analysis may be kept at the analyst’s slot (pass) or abandoned by acting (JA L431): abandoned, no result comes', async () => {
    const { player } = h.fake.users;
    await newFight('analyze-abandon', [
      { block: 'Aki pc HP40 SP30 DEX20\nskill Analyze analyze 2R\nskill Zio magic elec 1db auto', player: h.fake.users.player },
      { block: 'Jack npc HP77 agi9 luck13', hidden: true },
    ]);
    await as(player, 'analyze', [{ name: 'target', value: 'Jack' }]);
    await passUntil(async () => (await combat()).round === 2 && (await slotOwner()) === 'Aki');
    expect(analysisOf(player, 'Jack')()).toBeUndefined();
    expect(await board()).toMatch(/Aki is analyzing Jack: \/persona pass keeps at it/);
    const keep = await as(player, 'pass');
    expect(out(keep)).toMatch(/Aki keeps analyzing Jack/);
    await passUntil(async () => (await combat()).round === 3 && (await slotOwner()) === 'Aki');
    // round 3, the skill's 2 rounds after round 1: the result comes at the start of Aki's slot
    expect(await h.fake.waitFor(analysisOf(player, 'Jack'))).toBeDefined();

    await newFight('analyze-abandon-2', [
      { block: 'Aki pc HP40 SP30 DEX20\nskill Analyze analyze 2R\nskill Zio magic elec 1db auto', player: h.fake.users.player },
      { block: 'Cat npc HP77 agi9 luck13', hidden: true },
    ]);
    await as(player, 'analyze', [{ name: 'target', value: 'Cat' }]);
    await passUntil(async () => (await combat()).round === 2 && (await slotOwner()) === 'Aki');
    const zio = await as(player, 'attack', [{ name: 'skill', value: 'Zio' }, { name: 'targets', value: 'Cat' }]);
    expect(out(zio)).toMatch(/Aki abandons the analysis of Cat/);
    expect((await who('Aki')).analyzing ?? null).toBeNull();
    await passUntil(async () => (await combat()).round === 3 && (await slotOwner()) === 'Aki');
    await settle();
    expect(analysisOf(player, 'Cat')()).toBeUndefined();
  });
});
