// Issue 20, Persona section: the rules a GM still did by hand, through the real discord.js client.
// Each test reproduces the report first. JA = seed 002 (shared/seeds/002_4f04fb243f579e54.txt),
// KO = seed 003 (shared/seeds/003_d833ab7fa388d98c.txt).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { deployCommands } from '../../src/discord/deploy.js';
import { activeCombat } from '../../src/store/combats.js';
import { startHarness, type Harness } from './harness.js';
import { ephemeral, out, personaDriver } from './persona-driver.js';

let h: Harness;
let channelId = '';
const { combat, who, slotOwner, board, gmDo, as } = personaDriver(() => h, () => channelId);

async function newFight(name: string, blocks: { block: string; player?: 'player' | 'player2' }[], locale?: string): Promise<string> {
  channelId = h.fake.createTextChannel({ name });
  await gmDo('gm', 'claim');
  await gmDo('combat', 'start', [{ name: 'ruleset', value: 'persona' }]);
  for (const b of blocks) await gmDo('persona', 'add', [{ name: 'block', value: b.block }, ...(b.player ? [{ name: 'player', value: h.fake.users[b.player] }] : [])]);
  return out(await gmDo('combat', 'next', [], locale));
}

/** GM passes until `name` has the slot (at most `max` slots). */
async function passUntil(name: string, max = 12): Promise<void> {
  for (let i = 0; i < max && (await slotOwner()) !== name; i++) {
    await gmDo('persona', (await combat()).phase === 'roundStart' ? 'go' : 'pass');
  }
  expect(await slotOwner()).toBe(name);
}

beforeAll(async () => {
  h = await startHarness('persona-gm-rules');
});
afterAll(async () => {
  await h?.close();
});

describe('a fumble’s random target gets its evasion roll (JA L132–135, L970)', () => {
  it('Aki aims at Slime and fumbles; the attack goes to Bird, who was not among targets:, and Bird tries Persona evasion', async () => {
    await newFight('fumble-other', [
      { block: 'Aki pc HP40 DEX14', player: 'player' },
      { block: 'Slime npc HP999 agi1' },
      { block: 'Bird npc HP999 agi30' },
    ]);
    // every roll 51+ fumbles, 1–50 hits; the random pool is Slime and Bird (JA L132)
    await gmDo('persona', 'setting', [{ name: 'critical', value: 0 }, { name: 'fumble', value: 51 }]);
    let text = '';
    for (let i = 0; i < 80 && !/random target instead: Bird/.test(text); i++) {
      await passUntil('Aki');
      text = out(await as(h.fake.users.player, 'attack', [{ name: 'targets', value: 'Slime' }, { name: 'kind', value: 'physical' }, { name: 'element', value: 'strike' }, { name: 'dice', value: '1d4' }, { name: 'hit', value: 50 }]));
    }
    expect(text).toMatch(/random target instead: Bird/);
    // JA L135: the target's passive action follows the success check — Bird's own Persona evasion (JA L970)
    expect(text, text).toMatch(/Bird (evades|fails to evade|fumbles the evasion|cannot evade right now)/);
    await gmDo('combat', 'end');
  });
});

describe('instant-death skills take the status skills’ syntax (JA L171–172, L355; KO L141–142, L184)', () => {
  it('`即死30` and `즉사30` in a stat block are instant-death skills with base rate 30, like `悩殺40`', async () => {
    await newFight('mudo', [
      { block: 'Aki pc HP40 SP30 DEX14 luck5\nスキル ムド 即死30 SP5\n스킬 무도 즉사30 SP5', player: 'player' },
      { block: 'Slime npc HP90 agi6 luck5' },
    ]);
    const c = await combat();
    expect(c.combatants.length).toBe(2);
    // odds: base 30 + user 運 5 − target 運 5 = 30 (JA L172)
    const mudo = out(await as(h.fake.users.player, 'attack', [{ name: 'skill', value: 'ムド' }, { name: 'targets', value: 'Slime' }]));
    expect(mudo).toMatch(/Instant death on Slime: 1d100 = \d+ (≤|>) 30/);
    expect((await who('Aki')).sp).toBe(25);
    await passUntil('Aki');
    const ko = out(await as(h.fake.users.player, 'attack', [{ name: 'skill', value: '무도' }, { name: 'targets', value: 'Slime' }]));
    if ((await who('Slime')).incapacitated) return; // the first one killed it: the fight is over
    expect(ko).toMatch(/Instant death on Slime: 1d100 = \d+ (≤|>) 30/);
    await gmDo('combat', 'end');
  });

  it('the setup echo reads the rate as written', async () => {
    channelId = h.fake.createTextChannel({ name: 'mudo-echo' });
    await gmDo('gm', 'claim');
    await gmDo('combat', 'start', [{ name: 'ruleset', value: 'persona' }]);
    const added = out(await gmDo('persona', 'add', [{ name: 'block', value: 'Aki pc HP40 DEX14\nskill Mudo death:30% SP5' }]));
    expect(added).toMatch(/Mudo \(instant death 30% SP5\)/);
    const bad = await gmDo('persona', 'add', [{ name: 'block', value: 'Ben pc HP40 DEX14\nskill Mudo 即死300x' }]);
    expect(ephemeral(bad)).toBe(true);
    await gmDo('combat', 'end');
  });
});

describe('a group escape waits for its slowest participant’s slot (JA L829–830, L837–838)', () => {
  it('Aki declares with Ben and Chie: Ben’s slot is spent waiting, the roll comes in Chie’s slot (50 + (14 + 12 + 6 − 10) × 2 = 94)', async () => {
    await newFight('escape-wait', [
      { block: 'Aki pc HP40 DEX14', player: 'player' },
      { block: 'Ben pc HP40 DEX12', player: 'player2' },
      { block: 'Chie pc HP40 DEX6' },
      { block: 'Slime npc HP90 agi10' },
    ]);
    expect(await slotOwner()).toBe('Aki');
    const declared = out(await as(h.fake.users.player, 'escape', [{ name: 'with', value: 'Ben, Chie' }]));
    expect(declared).toMatch(/Group escape declared: Aki, Ben, Chie\. They wait for the slot of Chie, the slowest/);
    expect(declared).toMatch(/Ben waits for the group escape/);
    expect(declared).not.toMatch(/Escape (succeeds|fails)/);
    expect((await who('Aki')).fled).toBe(false);
    expect(await slotOwner()).toBe('Slime');
    expect(await board()).toMatch(/Group escape waiting: Aki, Ben, Chie/);
    const rolled = out(await gmDo('persona', 'pass'));
    // the enemies that can hinder: only Slime (fewer than three, so all of them, JA L838)
    expect(rolled).toMatch(/Escape (succeeds|fails) for Aki, Ben, Chie \(1d100 = \d+ [≤>] 94\)/);
    const c = await combat();
    if (/succeeds/.test(rolled)) {
      expect(c.phase).toBe('ended');
      expect(c.endReason).toBe('escape');
    } else {
      expect(c.escapeWait ?? null).toBeNull();
      expect(await board()).not.toMatch(/Group escape waiting/);
    }
    await gmDo('combat', 'end');
  });

  it('a participant who can no longer choose its actions drops out before the roll (JA L830)', async () => {
    await newFight('escape-drop', [
      { block: 'Aki pc HP40 DEX14', player: 'player' },
      { block: 'Ben pc HP40 DEX6', player: 'player2' },
      { block: 'Slime npc HP90 agi10' },
    ]);
    const declared = out(await as(h.fake.users.player, 'escape', [{ name: 'with', value: 'Ben' }]));
    expect(declared).toMatch(/Group escape declared: Aki, Ben\. They wait for the slot of Ben/);
    await gmDo('persona', 'adjust', [{ name: 'who', value: 'Ben' }, { name: 'status', value: 'charm' }]);
    const next = out(await gmDo('persona', 'pass'));
    expect(next).toMatch(/Ben can no longer act or choose and drops out of the escape/);
    expect(next).not.toMatch(/Escape (succeeds|fails)/);
    expect(await slotOwner()).toBe('Ben'); // charmed, Ben acts as the status says
    expect(await board()).toMatch(/Group escape waiting: Aki$/m);
    await gmDo('combat', 'end');
  });
});

describe('what the GM and the table read (issue 20, Persona)', () => {
  it('/persona adjust status: says what it changed, in the GM’s language', async () => {
    await newFight('adjust-says', [
      { block: 'Aki pc HP40 SP30 DEX14', player: 'player' },
      { block: 'Slime npc HP90 agi6' },
    ]);
    const set = await gmDo('persona', 'adjust', [{ name: 'who', value: 'Aki' }, { name: 'status', value: 'charm' }]);
    expect(out(set)).toMatch(/GM: Aki now has Charm\./);
    const cleared = await gmDo('persona', 'adjust', [{ name: 'who', value: 'Aki' }, { name: 'status', value: 'none' }], 'ja');
    expect(out(cleared)).toMatch(/GM:Akiの悩殺を解除した。/);
    const down = await gmDo('persona', 'adjust', [{ name: 'who', value: 'Slime' }, { name: 'down', value: true }], 'ko');
    expect(out(down)).toMatch(/GM: Slime\S* 다운 상태\./);
    await gmDo('combat', 'end');
  });

  it('a skill’s cost names only what was paid; a skill on oneself reads “themselves” (自分に / 자신에게)', async () => {
    await newFight('cost-self', [
      { block: 'Aki pc HP40 SP30 DEX14 mdb1D6\nskill Agi magic fire 1db SP4 auto\nskill Tarukaja tarukaja SP6 auto', player: 'player' },
      { block: 'Slime npc HP500 agi6' },
    ]);
    const agi = out(await as(h.fake.users.player, 'attack', [{ name: 'skill', value: 'Agi' }, { name: 'targets', value: 'Slime' }]));
    expect(agi).toMatch(/Aki pays SP 4\./);
    expect(agi).not.toMatch(/HP 0/);
    await passUntil('Aki');
    const buff = out(await as(h.fake.users.player, 'attack', [{ name: 'skill', value: 'Tarukaja' }, { name: 'targets', value: 'Aki' }]));
    expect(buff).toMatch(/Aki uses Tarukaja on themselves\./);
    expect(buff).not.toMatch(/on Aki\b/);
    await gmDo('combat', 'end');
  });

  it('the All-out attack names the leader once: “Aki … with Ben”, not “with Aki, Ben” (JA L1031–1035)', async () => {
    await newFight('allout-names', [
      { block: 'Aki pc HP40 SP30 DEX14 luck8 mdb1D6+6 db1D4\nskill Agi magic fire 1db SP4 auto\nskill Bufu magic ice 1db SP4 auto', player: 'player' },
      { block: 'Ben pc HP35 SP20 DEX12 luck5 db1D4', player: 'player2' },
      { block: 'Slime npc HP200 agi6 luck3\nresist fire:weak' },
      { block: 'Bird npc HP200 agi4 luck2\nresist ice:weak' },
    ]);
    await as(h.fake.users.player, 'attack', [{ name: 'skill', value: 'Agi' }, { name: 'targets', value: 'Slime' }]);
    await as(h.fake.users.player, 'attack', [{ name: 'skill', value: 'Bufu' }, { name: 'targets', value: 'Bird' }]);
    expect((await combat()).slot?.holdUp).toBe(true);
    const all = out(await as(h.fake.users.player, 'allout'));
    expect(all).toMatch(/All-out attack! Aki leads a Bokosuka Press on every enemy with Ben\./);
    await gmDo('combat', 'end');
  });

  it('a Korean table reads the GM’s extra slot once as granted, once as it opens — not the same line twice', async () => {
    h.fake.setGuildLocale(h.fake.guildId, 'ko');
    try {
      await newFight('extra-ko', [
        { block: 'Aki pc HP40 DEX14', player: 'player' },
        { block: 'Slime npc HP90 agi6' },
      ]);
      await as(h.fake.users.player, 'pass');
      expect(await slotOwner()).toBe('Slime');
      const extra = out(await gmDo('persona', 'extra', [{ name: 'who', value: 'Aki' }], 'ko'));
      expect(extra).toMatch(/Aki가 추가 행동기회를 얻었다\./);
      expect(extra.match(/추가 행동기회를 얻/g)?.length ?? 0).toBe(1);
      await gmDo('combat', 'end', [], 'ko');
    } finally {
      h.fake.setGuildLocale(h.fake.guildId, 'en');
    }
  });
});

describe('after the fight ends (issue 20, Persona)', () => {
  it('the board says it is over, /combat start agrees and starts a new one; /combat end says nothing about sheets', async () => {
    await newFight('over', [
      { block: 'Aki pc HP40 DEX14 db1D1+200', player: 'player' },
      { block: 'Slime npc HP5 agi6' },
    ]);
    const kill = out(await as(h.fake.users.player, 'attack', [{ name: 'targets', value: 'Slime' }, { name: 'kind', value: 'physical' }, { name: 'element', value: 'strike' }, { name: 'dice', value: '1d1+200' }, { name: 'auto', value: true }]));
    expect(kill).toMatch(/PCs win|win/i);
    expect((await combat()).phase).toBe('ended');
    expect(await board()).toMatch(/The fight is over/);
    const again = await gmDo('combat', 'start', [{ name: 'ruleset', value: 'persona' }]);
    expect(ephemeral(again)).toBe(true);
    expect(out(again)).toMatch(/The fight begins/);
    expect(out(again)).not.toMatch(/already running/);
    const rows = await h.store.transaction(async (tx) => await activeCombat(tx, channelId));
    expect(rows?.state).toMatchObject({ kind: 'persona', combat: null }); // the new fight, in setup
    const end = out(await gmDo('combat', 'end'));
    expect(end).toMatch(/The fight is over\./);
    expect(end).not.toMatch(/sheet/);
  });
});

describe('a Japanese table reads Japanese (issue 20, Persona)', () => {
  it('the board names the slot’s commands as Discord shows them in ja, with no seed line numbers; a skill’s status reads 悩殺60', async () => {
    h.fake.setGuildLocale(h.fake.guildId, 'ja');
    try {
      channelId = h.fake.createTextChannel({ name: 'ja-board' });
      await gmDo('gm', 'claim', [], 'ja');
      const started = out(await gmDo('combat', 'start', [{ name: 'ruleset', value: 'persona' }], 'ja'));
      expect(started).toMatch(/参加者を追加して \/戦闘管理 次へ/);
      await gmDo('persona', 'add', [{ name: 'block', value: 'Aki pc HP40 DEX14' }, { name: 'player', value: h.fake.users.player }], 'ja');
      const bird = out(await gmDo('persona', 'add', [{ name: 'block', value: 'Bird npc HP90 agi4\nskill Marin charm60 auto' }], 'ja'));
      expect(bird).toMatch(/Marin \(バステ 自動成功 悩殺60\)/);
      await gmDo('combat', 'next', [], 'ja');
      const b = await board();
      expect(b).toMatch(/Akiの手番:\/ペルソナ 攻撃, \/ペルソナ アイテム, \/ペルソナ 防御, \/ペルソナ 待機, \/ペルソナ 逃走, \/ペルソナ その他/);
      expect(b).toMatch(/Akiが単独で逃走:\d+%\n/);
      expect(b).not.toMatch(/JA L|\/persona/);
      await gmDo('combat', 'end', [], 'ja');
    } finally {
      h.fake.setGuildLocale(h.fake.guildId, 'en');
    }
  });
});

describe('the /persona help a ja or ko reader sees, as deployed (issue 20, Persona)', () => {
  type Opt = { name: string; description_localizations?: Record<string, string>; options?: Opt[] };
  const opt = (cmd: Opt, sub: string, name: string, locale: 'ja' | 'ko') => cmd.options!.find((s) => s.name === sub)!.options!.find((o) => o.name === name)!.description_localizations![locale];

  it('item name: is the item’s, talk/analyze/cover target: is theirs, adjust sp: is the current SP, adjust status: is the status to set', async () => {
    await deployCommands(loadConfig({ DISCORD_TOKEN: h.fake.token, DISCORD_CLIENT_ID: h.fake.applicationId, DISCORD_API: h.fake.apiBase, DISCORD_GUILD_ID: h.fake.guildId }));
    const registered = h.fake.commandsRegistered(h.fake.guildId) as Opt[];
    const persona = registered.find((c) => c.name === 'persona')!;
    expect(opt(persona, 'item', 'name', 'ja')).toBe('アイテムの名前');
    expect(opt(persona, 'item', 'name', 'ko')).toBe('아이템 이름');
    expect(opt(persona, 'change', 'name', 'ja')).toBe('新しいペルソナの名前');
    expect(opt(persona, 'talk', 'target', 'ja')).toBe('交渉する敵');
    expect(opt(persona, 'analyze', 'target', 'ja')).toBe('分析する敵');
    expect(opt(persona, 'cover', 'target', 'ja')).toBe('庇う味方');
    expect(opt(persona, 'allout', 'target', 'ja')).toBe('ShowTimeの対象');
    expect(opt(persona, 'adjust', 'sp', 'ja')).toBe('現在のSP');
    expect(opt(persona, 'attack', 'sp', 'ja')).toBe('SPコスト');
    expect(opt(persona, 'adjust', 'status', 'ja')).toBe('バステ名、または「なし」で解除');
    expect(opt(persona, 'combo', 'name', 'ko')).toMatch(/합체마법 이름/);
    // nothing a reader sees in ja/ko carries a seed line number or an English example
    const all = (o: Opt, locale: string): string[] => [o.description_localizations?.[locale] ?? '', ...(o.options ?? []).flatMap((x) => all(x, locale))];
    for (const locale of ['ja', 'ko']) {
      for (const name of ['persona', 'combat']) {
        const texts = all(registered.find((c) => c.name === name)!, locale);
        expect(texts.filter((t) => /(JA|KO) ?L\d|\b(JA|KO)\b|fire:weak/.test(t))).toEqual([]);
      }
    }
  });
});

describe('bad statuses restrict actions, by the GM’s table (JA L345–353, L948; KO L171–181)', () => {
  it('charmed, Ben may not Wait (JA L948) nor Analyze; his random action helps the enemy: attacks an ally, heals a foe (KO L174 「적에게 이로운 행위」)', async () => {
    await newFight('charm-rules', [
      { block: 'Aki pc HP40 SP30 DEX14', player: 'player' },
      { block: 'Ben pc HP35 SP30 DEX12 mdb1D4\nskill Agi magic fire 1db SP4 auto\nskill Dia heal 1db SP3 auto', player: 'player2' },
      { block: 'Slime npc HP200 agi6' },
    ]);
    await gmDo('persona', 'adjust', [{ name: 'who', value: 'Ben' }, { name: 'status', value: 'charm' }]);
    await passUntil('Ben');
    const wait = await h.fake.command({ name: 'combat', channelId, user: h.fake.users.player2, options: [{ name: 'delay', type: 1, options: [{ name: 'amount', value: 3 }] }] });
    expect(ephemeral(wait)).toBe(true);
    expect(out(wait)).toMatch(/Ben is under Charm and cannot choose to wait/);
    const gmWait = await gmDo('persona', 'wait');
    expect(out(gmWait)).toMatch(/Ben is under Charm and cannot choose to wait/);
    const analyze = await as(h.fake.users.player2, 'analyze', [{ name: 'target', value: 'Slime' }]);
    expect(ephemeral(analyze)).toBe(true);
    expect(out(analyze)).toMatch(/Ben is under Charm and cannot choose: \/persona random/);
    const random = out(await as(h.fake.users.player2, 'random'));
    expect(random).toMatch(/Ben acts at random: (Agi|Dia) \(one of 2 usable skills\)/);
    if (/random: Agi/.test(random)) expect(random).toMatch(/Ben uses Agi on Aki\./);
    else expect(random).toMatch(/Ben uses Dia on Slime\./);
    await gmDo('combat', 'end');
  });

  it('the GM’s table takes “helps the enemy” as what a status forbids; a skill-sealing status forbids Analyze too', async () => {
    await newFight('table-enemy', [
      { block: 'Aki pc HP40 SP30 DEX14', player: 'player' },
      { block: 'Slime npc HP90 agi6' },
    ]);
    const list = out(await gmDo('persona', 'status'));
    expect(list).toMatch(/`charm` Charm · mind · forbids: choosing \(random actions that help the enemy\)/);
    expect(list).toMatch(/`rage` Rage · mind · forbids: choosing \(random actions\) ·/);
    const edited = out(await gmDo('persona', 'status', [{ name: 'id', value: 'rage' }, { name: 'blocks', value: 'enemy' }]));
    expect(edited).toMatch(/`rage` Rage · mind · forbids: choosing \(random actions that help the enemy\)/);
    expect((await combat()).config.badStatuses.find((d) => d.id === 'rage')).toMatchObject({ favorsEnemy: true, blocksActionChoice: true });
    await gmDo('persona', 'status', [{ name: 'id', value: 'seal' }, { name: 'name', value: 'Seal' }, { name: 'blocks', value: 'skills' }]);
    await gmDo('persona', 'adjust', [{ name: 'who', value: 'Aki' }, { name: 'status', value: 'Seal' }]);
    expect(await slotOwner()).toBe('Aki');
    const analyze = await as(h.fake.users.player, 'analyze', [{ name: 'target', value: 'Slime' }]);
    expect(ephemeral(analyze)).toBe(true);
    expect(out(analyze)).toMatch(/Aki is under Seal and cannot use Persona skills/);
    await gmDo('combat', 'end');
  });
});
