// Hidden-information PvP: two factions and a GM play a day of the percentage rules through the
// real discord.js client; nothing secret reaches the channel, each DM goes only to its faction
// (and the GM), and committed secrets are revealed and verified.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FactionState } from '../../src/services/war/state.js';
import { t } from '../../src/i18n/index.js';
import { row, rows } from '../helpers/db.js';
import { EPHEMERAL, embedText, startHarness, type Harness, answerOf, isEphemeralAnswer as ephemeral } from './harness.js';

let h: Harness;
let channelId = '';
const sub = (name: string, options: { name: string; value: any }[] = []) => [{ name, type: 1, options }];
const faction = async (name: string) => (await row(h.store, 'factions', (c) => eq(c.name, name)));
const percent = async (name: string) => ((await faction(name)).state as FactionState).percent!;
const channelText = () => h.fake.channelMessages(channelId).map((m) => [m.content, embedText(m.body), ...m.edits.map(embedText)].join('\n')).join('\n');
const dmText = (userId: string) => h.fake.dms(userId).map((m) => embedText(m.body)).join('\n');
const SECRET_WORDS = () => [
  'Reconnaissance over the river',
  'Feast at the station',
  ...(['infoGathering', 'soulEating'] as const).map((k) => t('en', `gw.action.${k}`)),
];

beforeAll(async () => {
  h = await startHarness('pvp');
  channelId = h.fake.createTextChannel({ name: 'pvp' });
  const { gm, player, player2 } = h.fake.users;
  await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
  await h.fake.command({ name: 'war', channelId, user: gm, options: sub('start', [{ name: 'ruleset', value: 'percent' }, { name: 'name', value: 'Shadow' }]) });
  await h.fake.command({ name: 'war', channelId, user: player, options: sub('join', [{ name: 'faction', value: 'Archers' }, { name: 'class', value: 'archer' }, { name: 'archer_bonus', value: 'agi' }, { name: 'level', value: 50 }, { name: 'statuses', value: '27 27 27 27 26 26' }, { name: 'mag', value: 30 }]) });
  await h.fake.command({ name: 'war', channelId, user: player2, options: sub('join', [{ name: 'faction', value: 'Shades' }, { name: 'class', value: 'assassin' }, { name: 'level', value: 50 }, { name: 'statuses', value: '27 27 27 27 26 26' }, { name: 'mag', value: 20 }]) });
  await h.fake.command({ name: 'war', channelId, user: gm, options: sub('advance') });
});
afterAll(async () => {
  await h?.close();
});

describe('a day of hidden PvP (seed 000)', () => {
  it('declarations are private: ephemeral to the player, content by DM to the GM, the channel sees only "declared" and a hash', async () => {
    const { gm, player, player2 } = h.fake.users;
    const a = await h.fake.command({
      name: 'act',
      channelId,
      user: player,
      options: [{ name: 'action', value: 'infoGathering' }, { name: 'mode', value: 'shallow' }, { name: 'targets', value: 'Shades' }, { name: 'text', value: 'Reconnaissance over the river' }],
    });
    expect(ephemeral(a)).toBe(true);
    // Archer +20 % (seed 000 L13). The target's Assassin −20 % (L13, L31) is the GM's to apply: the
    // declarer has not learned Shades' class, so the reply shows 70 % and no word of an Assassin.
    const declared = embedText(answerOf(a));
    expect(declared).toContain('Success chance 70%');
    expect(declared).not.toContain('Assassin');
    const b = await h.fake.command({ name: 'act', channelId, user: player2, options: [{ name: 'action', value: 'soulEating' }, { name: 'text', value: 'Feast at the station' }] });
    expect(ephemeral(b)).toBe(true);

    const gmDms = await h.fake.waitFor(() => (dmText(gm.id).includes('Every faction has declared') ? dmText(gm.id) : undefined));
    // The GM's DM has the real chance, Assassin penalty included.
    expect(gmDms).toMatch(/Assassin[\s\S]*50 ?%/);
    expect(gmDms).toContain('Reconnaissance over the river');
    expect(gmDms).toContain('Feast at the station');
    expect(dmText(player.id)).not.toContain('Feast at the station');
    expect(dmText(player2.id)).not.toContain('Reconnaissance');

    const channel = channelText();
    expect(channel).toMatch(/Archers\*\* — declared/);
    expect(channel).toMatch(/sha256:[0-9a-f]{64}/);
    for (const word of SECRET_WORDS()) expect(channel).not.toContain(word);
  });

  it('another player cannot read the declarations; the GM can', async () => {
    const refused = await h.fake.command({ name: 'war', channelId, user: h.fake.users.player, options: sub('declarations') });
    expect(ephemeral(refused)).toBe(true);
    expect(embedText(answerOf(refused))).not.toContain('Feast');
    const gmView = await h.fake.command({ name: 'war', channelId, user: h.fake.users.gm, options: sub('declarations') });
    expect(ephemeral(gmView)).toBe(true);
    expect(embedText(answerOf(gmView))).toContain('Feast at the station');
  });

  it('/war resolve rolls in the seed’s order and tells each faction only its own results (seed 000 L6, L13–18)', async () => {
    const { gm, player, player2 } = h.fake.users;
    const before = { p1: h.fake.dms(player.id).length, p2: h.fake.dms(player2.id).length };
    const ex = await h.fake.command({ name: 'war', channelId, user: gm, options: sub('resolve') });
    expect(ephemeral(ex)).toBe(true);
    const digest = embedText(answerOf(ex));
    expect(digest.indexOf('Archers')).toBeLessThan(digest.indexOf('Shades')); // non-combat before soul eating
    await h.fake.waitFor(() => h.fake.dms(player.id).length > before.p1 && h.fake.dms(player2.id).length > before.p2);
    const archers = h.fake.dms(player.id).slice(before.p1).map((m) => embedText(m.body)).join('\n');
    const shades = h.fake.dms(player2.id).slice(before.p2).map((m) => embedText(m.body)).join('\n');
    expect(archers).toMatch(/Information gathering|情報収集|정보수집/i);
    expect(shades).toMatch(/Soul eating: (unnoticed|you were noticed)/);
    expect(shades).not.toMatch(/Information gathering: (success|failure)/);
    const exposed = shades.includes('you were noticed');
    expect(archers.includes('You sense soul eating')).toBe(exposed);
    const declared = await rows(h.store, 'declarations');
    expect(declared.every((r) => r.resolvedAt !== null)).toBe(true);

    // The public post follows the board edit; wait for it rather than race it.
    const channel = await h.fake.waitFor(() => /2 action\(s\) resolved/.test(channelText()) && channelText()).catch(() => channelText());
    expect(channel).toMatch(/2 action\(s\) resolved/);
    for (const word of SECRET_WORDS()) expect(channel).not.toContain(word);
  });

  it('a percentage battle: the combatants and the GM get the numbers, the channel the winner (seed 000 L19–28, L43)', async () => {
    const { gm, player, player2 } = h.fake.users;
    const p1Before = h.fake.dms(player.id).length;
    // Charms are made items (seed 000 L3–4): Archers never made one, so charms:1 is refused.
    const noCharm = await h.fake.command({ name: 'battle', channelId, user: gm, options: [{ name: 'ours', value: 'Archers' }, { name: 'theirs', value: 'Shades' }, { name: 'our_status', value: 'str' }, { name: 'their_status', value: 'agi' }, { name: 'charms', value: 1 }] });
    expect(embedText(answerOf(noCharm))).toContain('Archers holds only 0 reinforcement charm(s)');
    const ex = await h.fake.command({
      name: 'battle',
      channelId,
      user: gm,
      options: [{ name: 'ours', value: 'Archers' }, { name: 'theirs', value: 'Shades' }, { name: 'our_status', value: 'str' }, { name: 'their_status', value: 'agi' }, { name: 'seals', value: 1 }],
    });
    expect(ephemeral(ex)).toBe(true);
    const breakdown = embedText(answerOf(ex));
    expect(breakdown).toMatch(/Rolled \d+ against \d+% → \*\*(Archers|Shades)\*\* wins/);
    expect(await percent('Archers')).toMatchObject({ sealsLeft: 2, battlesThisTurn: 1 });
    expect(await percent('Shades')).toMatchObject({ sealsLeft: 3, battlesThisTurn: 1 });
    await h.fake.waitFor(() => h.fake.dms(player.id).length > p1Before && h.fake.dms(player2.id).some((m) => embedText(m.body).includes('Rolled')));
    const winner = /\*\*(Archers|Shades)\*\* wins/.exec(breakdown)![1];
    await h.fake.waitFor(() => channelText().includes(`**${winner}** won`));
    expect(channelText()).not.toMatch(/Rolled \d+ against/);
    const other = h.fake.users.moderator; // a bystander got nothing
    expect(h.fake.dms(other.id)).toEqual([]);

    // The loser retreats by one seal per combatant, or drops out (seed 000 L47); until then it cannot fight.
    const loser = winner === 'Archers' ? 'Shades' : 'Archers';
    const loserUser = loser === 'Archers' ? player : player2;
    expect((await percent(loser)).pendingRetreat).toMatchObject({ seals: 1 });
    const blocked = await h.fake.command({ name: 'battle', channelId, user: gm, options: [{ name: 'ours', value: 'Archers' }, { name: 'theirs', value: 'Shades' }, { name: 'our_status', value: 'luk' }, { name: 'their_status', value: 'mag' }] });
    expect(embedText(answerOf(blocked))).toContain(`${loser} lost a battle and must first retreat`);
    const sealsBefore = (await percent(loser)).sealsLeft;
    await h.fake.command({ name: 'war', channelId, user: loserUser, options: sub('retreat', [{ name: 'choice', value: 'seals' }]) });
    expect(await percent(loser)).toMatchObject({ sealsLeft: sealsBefore - 1 });
    expect((await percent(loser)).pendingRetreat).toBeUndefined();

    // A seal redraws the random status (seed 000 L44): one more seal spent.
    const archerSeals = (await percent('Archers')).sealsLeft;
    const redraw = await h.fake.command({ name: 'battle', channelId, user: gm, options: [{ name: 'ours', value: 'Archers' }, { name: 'theirs', value: 'Shades' }, { name: 'our_status', value: 'luk' }, { name: 'their_status', value: 'mag' }, { name: 'redraw', value: true }] });
    expect(embedText(answerOf(redraw))).toMatch(/redrew the random status: [A-Z]+ → [A-Z]+/);
    expect((await percent('Archers')).sealsLeft).toBe(archerSeals - 1);
    // Settle the second loss so the day can go on: retreat if seals allow, else drop out.
    for (const name of ['Archers', 'Shades']) {
      const p = await percent(name);
      if (!p.pendingRetreat) continue;
      const choice = p.sealsLeft >= p.pendingRetreat.seals ? 'seals' : 'dropout';
      await h.fake.command({ name: 'war', channelId, user: gm, options: sub('retreat', [{ name: 'choice', value: choice }, { name: 'faction', value: name }]) });
    }

    const refused = await h.fake.command({ name: 'battle', channelId, user: player, options: [{ name: 'ours', value: 'Archers' }, { name: 'theirs', value: 'Shades' }, { name: 'our_status', value: 'str' }, { name: 'their_status', value: 'agi' }] });
    expect(ephemeral(refused)).toBe(true);
  });

  it('a hidden result is revealed later and verified against its commitment', async () => {
    const commitments = [...channelText().matchAll(/Secret #(\d+)/g)].map((m) => Number(m[1]));
    expect(commitments.length).toBeGreaterThanOrEqual(4); // two declarations, two results, the battle
    const { player } = h.fake.users;
    // Find a secret the Archers' player owns: their declaration.
    let shown = '';
    for (const id of commitments) {
      const ex = await h.fake.command({ name: 'reveal', channelId, user: player, options: [{ name: 'id', value: id }] });
      if (!ephemeral(ex)) {
        shown = embedText(answerOf(ex));
        break;
      }
    }
    expect(shown).toContain('Reconnaissance over the river');
    expect(shown).toMatch(/✅/);
  });

  it('the day goes on to day 2 with mana upkeep, each faction told only its own', async () => {
    const { gm, player } = h.fake.users;
    for (let i = 0; i < 4; i++) await h.fake.command({ name: 'war', channelId, user: gm, options: sub('advance') });
    const war = (await row(h.store, 'wars', (c) => eq(c.channelId, channelId)));
    expect(war).toMatchObject({ day: 2, turn: 0 });
    expect(dmText(player.id)).not.toMatch(/Shades: (upkeep|stored)/i);
  });
});
