// MTG-library judgement (seed 004) through the real discord.js client, card data from a local
// fake of Scryfall's collection endpoint.
import { eq } from 'drizzle-orm';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LibraryState } from '../../src/services/library-state.js';
import { row } from '../helpers/db.js';
import { startFakeScryfall, type FakeScryfall } from './fake-scryfall.js';
import { EPHEMERAL, embedText, replyFiles, startHarness, type Harness, answerOf } from './harness.js';
import type { InteractionExchange } from './fake-discord/types.js';

const DECK = `Deck
4 Elvish Mystic (M15) 173
4 Llanowar Elves
4 Runeclaw Bear {1}{G}
4 Craw Wurm
4 Ruination Guide
4 Lightning Helix
12 Forest
8 Mountain
8 Plains
4 Giant Growth {G}
4 Shock {R}

Sideboard
2 Duress
`;

let h: Harness;
let scryfall: FakeScryfall;
const sub = (name: string, options: { name: string; value: any }[] = []) => [{ name, type: 1, options }];
const state = async () => (await row(h.store, 'libraries', (c) => eq(c.ownerId, h.fake.users.player.id))).state as LibraryState;
const contentOf = (ex: InteractionExchange) => embedText(ex.edits.at(-1) ?? answerOf(ex));

beforeAll(async () => {
  scryfall = await startFakeScryfall([
    { name: 'Elvish Mystic', cmc: 1, colors: ['G'], type_line: 'Creature — Elf Druid' },
    { name: 'Llanowar Elves', cmc: 1, colors: ['G'], type_line: 'Creature — Elf Druid', printed: { ja: 'ラノワールのエルフ' } },
    { name: 'Craw Wurm', cmc: 6, colors: ['G'], type_line: 'Creature — Wurm' },
    { name: 'Ruination Guide', cmc: 3, colors: [], type_line: 'Creature — Eldrazi Drone' },
    { name: 'Lightning Helix', cmc: 2, colors: ['R', 'W'], type_line: 'Instant' },
  ]);
  h = await startHarness('mtg', { scryfall: scryfall.base });
});
afterAll(async () => {
  await h?.close();
  await scryfall?.close();
});

describe('MTG library judgement', () => {
  it('imports a 60-card list: written costs, basic lands, the rest from Scryfall in one request; sideboard kept apart', async () => {
    const file = h.fake.uploadAttachment({ filename: 'deck.txt', content: DECK });
    const ex = await h.fake.command({ name: 'deck', options: sub('import', [{ name: 'file', value: file }]) });
    expect(ex.callback.type).toBe(5); // deferred: the Scryfall lookup may take a while
    expect(answerOf(ex).flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(contentOf(ex)).toMatch(/60 cards/);
    expect(contentOf(ex)).toMatch(/Sideboard \(2 cards\)/);
    expect(scryfall.requests).toEqual([['Elvish Mystic', 'Llanowar Elves', 'Craw Wurm', 'Ruination Guide', 'Lightning Helix']]);
    expect((await state()).library.cards).toHaveLength(60);
    const bear = (await state()).library.cards.find((c) => c.name === 'Runeclaw Bear')!;
    expect(bear).toMatchObject({ manaValue: 2, colors: ['green'] });
    expect((await state()).library.cards.find((c) => c.name === 'Forest')).toMatchObject({ manaValue: 0, basicLandTypes: ['Forest'] });
  });

  it('/deck import without a file opens the form (a deferred reply could not), and the pasted list imports (issue 19 §1)', async () => {
    const opened = await h.fake.command({ name: 'deck', options: sub('import') });
    expect(opened.callback.type).toBe(9);
    expect(answerOf(opened).custom_id).toBe('deck:import');
    const sent = await h.fake.modalSubmit({ customId: 'deck:import', fields: { text: DECK } });
    expect(contentOf(sent)).toMatch(/60 cards/);
    expect((await state()).library.cards).toHaveLength(60);
  });

  it('a card is fetched once: importing again uses the cache; an unknown name is listed and nothing changes', async () => {
    const again = await h.fake.command({ name: 'deck', options: sub('import', [{ name: 'file', value: h.fake.uploadAttachment({ filename: 'deck.txt', content: DECK }) }]) });
    expect(contentOf(again)).toMatch(/0 looked up on Scryfall, 5 from the cache/);
    expect(scryfall.requests).toHaveLength(1);
    const before = (await state()).library.cards.map((c) => c.uid);
    const bad = await h.fake.command({ name: 'deck', options: sub('import', [{ name: 'file', value: h.fake.uploadAttachment({ filename: 'bad.txt', content: '4 Not A Real Card\n20 Forest' }) }]) });
    expect(contentOf(bad)).toMatch(/Not A Real Card/);
    expect((await state()).library.cards.map((c) => c.uid)).toEqual(before);
  });

  it('/judge green 2: target = MV₁ + 2, achievement = MV₂ + color modifier, both cards to the bottom (seed 004)', async () => {
    const top = (await state()).library.cards.slice(0, 2);
    const ex = await h.fake.command({ name: 'judge', options: [{ name: 'color', value: '緑' }, { name: 'difficulty', value: 2 }] });
    expect((answerOf(ex).flags ?? 0) & EPHEMERAL).toBe(0);
    const r = (await state()).lastJudge!;
    expect(r.first.uid).toBe(top[0]!.uid);
    expect(r.second.uid).toBe(top[1]!.uid);
    expect(r.target).toBe(top[0]!.manaValue + 2);
    expect(r.achievement).toBe(top[1]!.manaValue + r.modifier);
    expect(r.success).toBe(r.target <= r.achievement);
    const lib = (await state()).library.cards;
    expect(lib.slice(-2).map((c) => c.uid).sort()).toEqual(top.map((c) => c.uid).sort());
    expect(embedText(answerOf(ex))).toContain(top[0]!.name);
    expect(answerOf(ex).components[0].components[0].custom_id).toBe(`judge:boost:${h.fake.users.player.id}`);
    // the two revealed cards as a picture beside the text (issue 22 §1)
    expect(replyFiles(ex).map((f) => f.name)).toEqual([expect.stringMatching(/^judge-[0-9a-f]{12}\.png$/)]);
    expect(replyFiles(ex)[0]!.data.subarray(1, 4).toString()).toBe('PNG');
    if (process.env.PICTURES_OUT) fs.writeFileSync(path.join(process.env.PICTURES_OUT, replyFiles(ex)[0]!.name), replyFiles(ex)[0]!.data);
  });

  it('the same judgement twice in a turn is refused', async () => {
    const again = await h.fake.command({ name: 'judge', options: [{ name: 'color', value: 'green' }, { name: 'difficulty', value: 2 }] });
    expect(answerOf(again).flags & EPHEMERAL).toBe(EPHEMERAL);
  });

  it('boost: the top 6 are exiled, +1 per colorless card (basic lands count as colorless here), once per turn', async () => {
    const six = (await state()).library.cards.slice(0, 6);
    const judged = (await state()).lastJudge!;
    const notYours = await h.fake.button({ customId: `judge:boost:${h.fake.users.player.id}`, user: h.fake.users.player2 });
    expect(answerOf(notYours).flags & EPHEMERAL).toBe(EPHEMERAL);
    const ex = await h.fake.button({ customId: `judge:boost:${h.fake.users.player.id}` });
    expect(ex.callback.type).toBe(7);
    const colorless = six.filter((c) => c.colors.length === 0).length;
    expect((await state()).library.exiled.map((c) => c.uid)).toEqual(six.map((c) => c.uid));
    expect((await state()).lastJudge!.achievement).toBe(judged.achievement + colorless);
    expect((await state()).library.turn.boostUsed).toBe(true);
    expect(embedText(answerOf(ex))).toContain(`${colorless} colorless`);
    // the boost's picture (the six exiled cards) replaces the judgement's on the same message (issue 22),
    // in the edit that follows the update once it is drawn (issue 32)
    expect(replyFiles(ex).map((f) => f.name)).toEqual([expect.stringMatching(/^judge-[0-9a-f]{12}\.png$/)]);
    expect(ex.original!.attachments.map((a: { filename: string }) => a.filename)).toEqual([replyFiles(ex)[0]!.name]);
    if (process.env.PICTURES_OUT) fs.writeFileSync(path.join(process.env.PICTURES_OUT, `boost-${replyFiles(ex)[0]!.name}`), replyFiles(ex)[0]!.data);
  });

  it('the war turn advancing also ends the library turn: the six return and /war undo puts them back', async () => {
    const { gm, player } = h.fake.users;
    await h.fake.command({ name: 'gm', user: gm, options: sub('claim') });
    await h.fake.command({ name: 'war', user: gm, options: sub('start', [{ name: 'ruleset', value: 'percent' }, { name: 'name', value: 'Cards' }]) });
    await h.fake.command({ name: 'war', user: player, options: sub('join', [{ name: 'faction', value: 'Deckers' }, { name: 'level', value: 50 }, { name: 'mag', value: 20 }]) });
    expect((await state()).library.exiled).toHaveLength(6);
    await h.fake.command({ name: 'war', user: gm, options: sub('advance') });
    expect((await state()).library.exiled).toHaveLength(0);
    expect((await state()).library.turn.boostUsed).toBe(false);
    await h.fake.command({ name: 'war', user: gm, options: sub('undo') });
    expect((await state()).library.exiled).toHaveLength(6);
  });

  it('/war log names a library by its owner in the GM’s language, not as a bare #id (seed 004 L102–106: the turn end that moved the six)', async () => {
    const { gm, player } = h.fake.users;
    const log = await h.fake.command({ name: 'war', user: gm, locale: 'ja', options: sub('log') });
    const lines = embedText(answerOf(log)).split('\n');
    const library = lines.filter((l) => l.includes(`<@${player.id}>のライブラリ`));
    expect(library.length).toBeGreaterThan(0);
    expect(library.some((l) => l.includes('取消済'))).toBe(true); // the turn end /war undo reverted
    // A bare "#id" (not a <#channel> mention) is left only for secrets, whose id /reveal takes.
    for (const l of lines.filter((x) => !x.includes('秘密'))) expect(l).not.toMatch(/(?<!<)#\d+/);
  });

  it('end of turn returns the six to the bottom; the library order and zones survive a restart', async () => {
    const ended = await h.fake.command({ name: 'deck', options: sub('endturn') });
    // The reply says what went back (seed 004 L102–106).
    expect(embedText(answerOf(ended))).toContain('End of turn: the 6 card(s) exiled by the boost go to the bottom of the library in random order.');
    expect((await state()).library.exiled).toEqual([]);
    expect((await state()).library.cards).toHaveLength(60);
    await h.fake.command({ name: 'deck', options: sub('known', [{ name: 'count', value: 2 }]) });
    const order = (await state()).library.cards.map((c) => c.uid);
    await h.restart();
    expect((await state()).library.cards.map((c) => c.uid)).toEqual(order);
    expect((await state()).library.knownTop).toBe(2);
    const show = await h.fake.command({ name: 'deck', options: sub('show') });
    expect(embedText(answerOf(show))).toContain((await state()).library.cards[0]!.name);
  });

  it('card names in the reader’s language: the Japanese printed name from Scryfall, 《森》 for Forest, else English (seed 004 L36–46)', async () => {
    const { player2 } = h.fake.users;
    const file = h.fake.uploadAttachment({ filename: 'elves.txt', content: '20 Forest\n20 Llanowar Elves\n4 Craw Wurm' });
    await h.fake.command({ name: 'deck', user: player2, locale: 'ja', options: sub('import', [{ name: 'file', value: file }]) });
    const mine = async () => (await row(h.store, 'libraries', (c) => eq(c.ownerId, player2.id))).state as LibraryState;
    expect((await mine()).library.cards.find((c) => c.name === 'Llanowar Elves')?.printed).toEqual({ ja: 'ラノワールのエルフ' });
    // A judgement is public: it reads the table's language (a Japanese server here, issue 18).
    h.fake.setGuildLocale(h.fake.guildId, 'ja');
    const ex = await h.fake.command({ name: 'judge', user: player2, locale: 'ko', options: [{ name: 'color', value: 'green' }, { name: 'difficulty', value: 6 }] });
    h.fake.setGuildLocale(h.fake.guildId, 'en-US');
    const shown = embedText(answerOf(ex));
    const { first, second } = (await mine()).lastJudge!;
    const ja: Record<string, string> = { Forest: '森', 'Llanowar Elves': 'ラノワールのエルフ', 'Craw Wurm': 'Craw Wurm' };
    for (const card of [first, second]) expect(shown).toContain(ja[card.name]);
    expect(shown).not.toMatch(/Forest|Llanowar/);
    // No Japanese printing in the (fake) Scryfall: the card keeps its English name.
    expect((await mine()).library.cards.find((c) => c.name === 'Craw Wurm')?.printed).toBeUndefined();
    // /deck show names the known top cards the same way (issue 11: the reader's language).
    await h.fake.command({ name: 'deck', user: player2, locale: 'ja', options: sub('known', [{ name: 'count', value: 5 }]) });
    const show = embedText(answerOf((await h.fake.command({ name: 'deck', user: player2, locale: 'ja', options: sub('show') }))));
    for (const card of (await mine()).library.cards.slice(0, 5)) expect(show).toContain(ja[card.name]);
    expect(show).not.toMatch(/Forest|Llanowar/);
  });

  it('a result the player can foresee is refused, in the player’s language, before any card moves (seed 004 L133–137)', async () => {
    const { moderator } = h.fake.users;
    const file = h.fake.uploadAttachment({ filename: 'forests.txt', content: '20 Forest' });
    await h.fake.command({ name: 'deck', user: moderator, locale: 'ko', options: sub('import', [{ name: 'file', value: file }]) });
    const lib = async () => ((await row(h.store, 'libraries', (c) => eq(c.ownerId, moderator.id))).state as LibraryState).library;
    const before = (await lib()).cards.map((c) => c.uid);
    // Forests only: target 0 + 2 against achievement 0 + 5 on every draw — a certain success.
    const sure = await h.fake.command({ name: 'judge', user: moderator, locale: 'ko', options: [{ name: 'color', value: 'green' }, { name: 'difficulty', value: 2 }] });
    expect(((answerOf(sure)?.flags ?? 0) & EPHEMERAL) === EPHEMERAL).toBe(true);
    expect(embedText(answerOf(sure))).toContain('반드시 성공하므로 행동 판정을 할 수 없습니다');
    const hopeless = await h.fake.command({ name: 'judge', user: moderator, locale: 'ko', options: [{ name: 'color', value: 'green' }, { name: 'difficulty', value: 9 }] });
    expect(embedText(answerOf(hopeless))).toContain('반드시 실패하므로');
    expect((await lib()).cards.map((c) => c.uid)).toEqual(before);
  });

  it('"the same judgement" is the same action: another named action at the same color and difficulty is allowed, the same one (any case) is not (seed 004 L124–126)', async () => {
    const { player2 } = h.fake.users;
    await h.fake.command({ name: 'deck', user: player2, options: sub('import', [{ name: 'file', value: h.fake.uploadAttachment({ filename: 'deck.txt', content: DECK }) }]) });
    const judgeAs = (action?: string) =>
      h.fake.command({ name: 'judge', user: player2, options: [{ name: 'color', value: 'green' }, { name: 'difficulty', value: 2 }, ...(action ? [{ name: 'action', value: action }] : [])] });
    const lock = await judgeAs('Pick the lock');
    expect(((answerOf(lock)?.flags ?? 0) & EPHEMERAL) === EPHEMERAL).toBe(false);
    expect(embedText(answerOf(lock))).toContain('Green judgement, difficulty 2 — Pick the lock');
    const climb = await judgeAs('Climb the wall');
    expect(((answerOf(climb)?.flags ?? 0) & EPHEMERAL) === EPHEMERAL).toBe(false);
    const again = await judgeAs('pick the LOCK');
    expect(((answerOf(again)?.flags ?? 0) & EPHEMERAL) === EPHEMERAL).toBe(true);
    const lib = (await row(h.store, 'libraries', (c) => eq(c.ownerId, player2.id))).state as LibraryState;
    expect(lib.library.turn.judgements).toEqual(['green:2:pick the lock', 'green:2:climb the wall']);
  });

  it('/war advance ends the turn of every library played in the channel, in a faction or not, and says so (seed 004 L102–104)', async () => {
    const { gm, player2 } = h.fake.users;
    const lib = async () => ((await row(h.store, 'libraries', (c) => eq(c.ownerId, player2.id))).state as LibraryState).library;
    // player2 judged twice this turn above and belongs to no faction of the war.
    expect((await lib()).turn.judgements).toHaveLength(2);
    const dms = h.fake.dms(player2.id).length;
    const advanced = await h.fake.command({ name: 'war', user: gm, options: sub('advance') });
    expect((await lib()).turn.judgements).toEqual([]);
    expect(embedText(answerOf(advanced))).toContain(`The library of <@${player2.id}> ends its turn with the war’s`);
    const told = await h.fake.waitFor(() => h.fake.dms(player2.id).slice(dms).find((m) => embedText(m.body).includes('End of turn')));
    expect(embedText(told.body)).toMatch(/End of turn/);
  });
});

describe('the same judgement, however the action is written (issue 31; seed 004 L124–126)', () => {
  const judgeAs = (color: string, difficulty: number, action?: string, locale?: string) =>
    h.fake.command({ name: 'judge', user: h.fake.users.admin, ...(locale ? { locale } : {}), options: [{ name: 'color', value: color }, { name: 'difficulty', value: difficulty }, ...(action !== undefined ? [{ name: 'action', value: action }] : [])] });
  const refused = (ex: InteractionExchange) => ((answerOf(ex)?.flags ?? 0) & EPHEMERAL) === EPHEMERAL;
  const judgements = async () => ((await row(h.store, 'libraries', (c) => eq(c.ownerId, h.fake.users.admin.id))).state as LibraryState).library.turn.judgements;

  it('an action differing by spaces or width is the same action (L125): refused, in the reader’s language', async () => {
    await h.fake.command({ name: 'deck', user: h.fake.users.admin, options: sub('import', [{ name: 'file', value: h.fake.uploadAttachment({ filename: 'deck.txt', content: DECK }) }]) });
    expect(refused(await judgeAs('green', 2, 'Pick the lock'))).toBe(false);
    const spaced = await judgeAs('green', 2, '  pick   the  lock ');
    expect(refused(spaced)).toBe(true);
    expect(embedText(answerOf(spaced))).toContain('the same judgement cannot be repeated');
    // full-width letters and an ideographic space are the same words (width folded)
    expect(refused(await judgeAs('green', 2, 'Ｐｉｃｋ\u3000the lock'))).toBe(true);
    // Japanese writes no spaces between words: a space there does not make another action
    expect(refused(await judgeAs('red', 1, '扉を開ける'))).toBe(false);
    const ja = await judgeAs('red', 1, '扉を 開ける', 'ja');
    expect(refused(ja)).toBe(true);
    expect(embedText(answerOf(ja))).toContain('同じ行動判定はやり直せません');
    expect(await judgements()).toEqual(['green:2:pick the lock', 'red:1:扉ヲ開ケル']);
  });

  it('a judgement with no action named repeats any of the same color and difficulty, and the other way round (L125–126)', async () => {
    const bare = await judgeAs('green', 2);
    expect(refused(bare)).toBe(true);
    expect(embedText(answerOf(bare))).toMatch(/one of the two names no action/);
    expect(refused(await judgeAs('blue', 3))).toBe(false);
    const named = await judgeAs('blue', 3, 'Climb the wall', 'ko');
    expect(refused(named)).toBe(true);
    expect(embedText(answerOf(named))).toContain('같은 판정으로 보아 다시 할 수 없습니다');
    // another difficulty is another judgement (L126)
    expect(refused(await judgeAs('blue', 4, 'Climb the wall'))).toBe(false);
    expect(await judgements()).toEqual(['green:2:pick the lock', 'red:1:扉ヲ開ケル', 'blue:3', 'blue:4:climb the wall']);
  });
});
