// Bad input through the real client: every string and number option of every registered command
// (walked from the deployed definitions, so new commands are covered by themselves) gets hostile
// values — mentions, Markdown, RTL and zero-width text, SQL, JSON, huge, negative and full-width
// numbers. Every interaction must be answered, within Discord's message limits, with no mention
// parsed; the bot must stay up (a final /roll still answers). Then every button id the bot showed
// during the run is pressed again forged (numbers past 2³¹ and 2⁵³, NaN, cut short, extended): each
// must read as a stale button. Runs on SQLite and on PostgreSQL (issue 19 §4). Prints what it tried.
// SOAK=1 (`npm run soak`, issue 23 §2) runs it at scale; unset, it is the run `npm test` always made.
import fs from 'node:fs';
import path from 'node:path';
import type { APIApplicationCommandOption } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandModules } from '../../commands/index.js';
import { seededRandom } from '../../src/core/random.js';
import { testBackend } from '../helpers/backend.js';
import { embedText, startHarness, type Harness, answerOf, answered } from '../e2e/harness.js';
import { t } from '../../src/i18n/index.js';

const HOSTILE_TEXT = [
  '@everyone @here',
  '<@&123456789012345678> <@!412345678901234567> <#312345678901234567>',
  '**bold** __under__ `code` ||spoiler|| ```fence``` > quote # heading [link](https://example.com)',
  '\u202Eevil\u202C \u200B\u200D\uFEFF zero-width',
  "'; DROP TABLE rolls; -- %_\\",
  '{"kind":"character","data":{"name":"x","status":[{"label":"HP","value":-1}]}}',
  '８ｄ６＜＝４ ＋ ９９９９９ｄ６',
  '1d9999999999999999999',
  '(((((((((((((((((((((1d6)))))))))))))))))))))',
  '👑🗡️\n\n\n改行\r\n\t',
  '-1',
  '',
];
/**
 * At scale: each option's hostile texts drawn under many seeds (each draws a different few), random
 * hostile strings and numbers besides, random pasted forms, more forged numbers, and every button id
 * the bot showed forged rather than one per shape.
 */
const SCALE =
  process.env.SOAK === '1'
    ? { seeds: 12, randomValues: 4, randomForms: 12, forgeEveryId: true, timeoutMs: 3_600_000 }
    : { seeds: 1, randomValues: 0, randomForms: 0, forgeEveryId: false, timeoutMs: 300_000 };
/** What random hostile strings are made of: mention and Markdown syntax, invisible and RTL marks, full-width dice, quotes. */
const FRAGMENTS = ['@everyone', '<@', '<@&', '<#', '>', '**', '__', '`', '||', '~~', '\\', '\u200B', '\u202E', '\uFEFF', '\u0301', '\n', '\r\n', '\t', ' ', 'ｄ', '６', '＜＝', 'd', '6', '<=', '+', '-', '(', ')', '%', "'", '"', '{', '}', '[', ']', ':', '0', '9', 'あ', '👑', 'null', 'NaN', '1e309'];

function randomText(rng: ReturnType<typeof seededRandom>, max: number): string {
  const target = rng.die(4) === 1 ? max : rng.die(Math.min(max, 200));
  let text = '';
  for (;;) {
    const fragment = FRAGMENTS[rng.die(FRAGMENTS.length) - 1]!;
    if (text.length + fragment.length > target) break; // never half an emoji: a client sends whole characters
    text += fragment;
  }
  return text.padEnd(target, 'x');
}

/** A random number within the option's bounds (or ±2⁵³): an integer for type 4, any number for type 10. */
function randomNumber(o: Option, rng: ReturnType<typeof seededRandom>): number {
  const min = o.min_value ?? -9_007_199_254_740_991;
  const max = o.max_value ?? 9_007_199_254_740_991;
  const x = min + (max - min) * ((rng.die(1_000_000) - 1) / 999_999);
  return o.type === 4 ? Math.max(min, Math.min(max, Math.round(x))) : x;
}

const HOSTILE_NUMBERS = [-9_007_199_254_740_991, -2_147_483_649, -2_147_483_648, -1, 0, 2_147_483_647, 2_147_483_648, 9_007_199_254_740_991];

let h: Harness;
const saberText = () => fs.readFileSync(path.join(import.meta.dirname, '../e2e/fixtures/saber.txt'), 'utf8');
beforeAll(async () => {
  h = await startHarness('fuzz');
  await h.fake.command({ name: 'gm', user: h.fake.users.gm, options: [{ name: 'claim', type: 1, options: [] }] });
  // The player plays a character, so commands that need one get past that check and meet the input.
  await h.fake.modalSubmit({ customId: 'sheet:import:pc', user: h.fake.users.player, fields: { text: saberText() } });
});
afterAll(async () => {
  await h.close();
});

type Option = APIApplicationCommandOption & { options?: Option[]; max_length?: number; min_value?: number; max_value?: number; required?: boolean; choices?: { value: string | number }[] };

/** A harmless value for an option we are not fuzzing right now (required ones must be present). */
function benign(o: Option): unknown {
  if (o.choices?.length) return o.choices[0]!.value;
  if (o.type === 3) return o.name === 'expression' ? '2d6' : 'セイバー';
  if (o.type === 4 || o.type === 10) return Math.max(o.min_value ?? 1, Math.min(o.max_value ?? 1, 1));
  if (o.type === 5) return false;
  if (o.type === 6) return h.fake.users.player2;
  return undefined;
}

function hostile(o: Option, rng: ReturnType<typeof seededRandom>): unknown[] {
  if (o.type === 3) {
    const max = o.max_length ?? 6000;
    const long = 'あ'.repeat(max); // the longest the client would send
    const picks = HOSTILE_TEXT.filter(() => rng.die(3) === 1).slice(0, 4);
    // Only what a Discord client can send (the strict fake refuses the rest): within the option's lengths.
    const min = Math.max(1, (o as { min_length?: number }).min_length ?? 1);
    const random = Array.from({ length: SCALE.randomValues }, () => randomText(rng, max));
    return [...(picks.length ? picks : [HOSTILE_TEXT[0]!]), long, ...random].map((v) => v.slice(0, max)).filter((v) => v.length >= min);
  }
  if (o.type === 4 || o.type === 10) {
    const random = Array.from({ length: SCALE.randomValues }, () => randomNumber(o, rng));
    return HOSTILE_NUMBERS.filter((n) => (o.min_value === undefined || n >= o.min_value) && (o.max_value === undefined || n <= o.max_value)).concat(o.min_value ?? [], o.max_value ?? [], random);
  }
  return [];
}

const PRESSABLE = new Set([2, 3, 5, 6, 7, 8]); // buttons and select menus (not a form's text inputs)

/** Every custom_id of a button or select in a payload, wherever it is nested. */
function customIds(body: unknown, into: Set<string>): void {
  if (Array.isArray(body)) for (const b of body) customIds(b, into);
  else if (body && typeof body === 'object') {
    const c = body as { type?: number; custom_id?: unknown };
    if (typeof c.custom_id === 'string' && PRESSABLE.has(c.type ?? 0)) into.add(c.custom_id);
    for (const v of Object.values(body)) if (typeof v === 'object') customIds(v, into);
  }
}

const FORGED_NUMBERS = ['2147483648', '9007199254740991', '-1', 'NaN', '1e309', '０１'].concat(
  SCALE.forgeEveryId ? ['0', '-0', '1.5', '4294967296', '18446744073709551616', '0x10', ' 1', '١', 'Infinity', '9'.repeat(40)] : [],
);

/** Forged variants of an id the bot showed: each number replaced, cut short, extended, emptied. */
function forgeries(id: string): string[] {
  const parts = id.split(':');
  const out = new Set<string>();
  parts.forEach((p, i) => {
    if (i === 0) return;
    const with_ = (v: string) => [...parts.slice(0, i), v, ...parts.slice(i + 1)].join(':');
    if (/^-?\d+$/.test(p)) for (const n of FORGED_NUMBERS) out.add(with_(n));
    else out.add(with_('zz'));
  });
  out.add(parts.slice(0, -1).join(':'));
  out.add(`${id}:1`);
  out.add(`${parts[0]}:`);
  out.add(`zz${id}`); // no command of ours
  out.delete(id);
  return [...out].filter((f) => f.length >= 1 && f.length <= 100);
}

interface Case {
  command: string;
  sub: string | null;
  options: { name: string; value: unknown; type: number }[];
}

/** The cases of the seed 'fuzz cases' (all `npm test` runs), then those other seeds draw that it did not. */
function cases(): Case[] {
  const out = casesFor('fuzz cases');
  const seen = new Set(out.map((c) => JSON.stringify(c)));
  for (let i = 2; i <= SCALE.seeds; i++) {
    for (const c of casesFor(`fuzz cases ${i}`)) {
      const key = JSON.stringify(c);
      if (!seen.has(key)) out.push(c);
      seen.add(key);
    }
  }
  return out;
}

function casesFor(seed: string): Case[] {
  const rng = seededRandom(seed);
  const out: Case[] = [];
  for (const module of commandModules) {
    const top = (module.definition.options ?? []) as Option[];
    const subs = top.some((o) => o.type === 1) ? top.filter((o) => o.type === 1) : [null];
    for (const sub of subs) {
      const opts = ((sub ? sub.options : top) ?? []).filter((o) => [3, 4, 5, 6, 10].includes(o.type));
      for (const target of opts) {
        if (target.choices?.length) continue; // Discord only sends a listed choice
        for (const value of hostile(target, rng)) {
          const options = opts
            .filter((o) => o === target || o.required)
            .map((o) => ({ name: o.name, type: o.type, value: o === target ? value : benign(o) }))
            .filter((o) => o.value !== undefined);
          out.push({ command: module.definition.name, sub: sub?.name ?? null, options });
        }
      }
    }
  }
  return out;
}

function checkLimits(body: any, where: string): void {
  if (!body) return;
  expect((body.content ?? '').length, `${where}: content`).toBeLessThanOrEqual(2000);
  const embeds: any[] = body.embeds ?? [];
  expect(embeds.length, `${where}: embeds`).toBeLessThanOrEqual(10);
  let total = 0;
  for (const e of embeds) {
    expect((e.description ?? '').length, `${where}: description`).toBeLessThanOrEqual(4096);
    expect((e.title ?? '').length, `${where}: title`).toBeLessThanOrEqual(256);
    expect((e.fields ?? []).length, `${where}: fields`).toBeLessThanOrEqual(25);
    for (const f of e.fields ?? []) {
      expect(f.name.length, `${where}: field name`).toBeLessThanOrEqual(256);
      expect(f.value.length, `${where}: field value`).toBeLessThanOrEqual(1024);
    }
    total += (e.title ?? '').length + (e.description ?? '').length + (e.footer?.text ?? '').length + (e.fields ?? []).reduce((n: number, f: any) => n + f.name.length + f.value.length, 0);
  }
  expect(total, `${where}: embed total`).toBeLessThanOrEqual(6000);
  expect((body.components ?? []).length, `${where}: action rows`).toBeLessThanOrEqual(5);
  if (body.content || embeds.length) expect(body.allowed_mentions, `${where}: allowed_mentions`).toEqual({ parse: [] });
}

describe(`bad input through the real client (${testBackend})`, () => {
  it('answers every hostile option within Discord’s limits, parses no mention, and stays up', async () => {
    const all = cases();
    let refused = 0;
    let publicReplies = 0;
    const shown = new Set<string>();
    for (const c of all) {
      const where = `/${c.command}${c.sub ? ` ${c.sub}` : ''} ${JSON.stringify(c.options).slice(0, 120)}`;
      const options = c.sub ? [{ name: c.sub, type: 1, options: c.options }] : c.options;
      const ex = await h.fake.command({ name: c.command, user: h.fake.users.player, options: options as never, settleMs: 10 });
      expect([4, 5, 9], `${where}: answered`).toContain(ex.callback.type);
      checkLimits(answerOf(ex), where);
      // A refusal names what is wrong; the internal-error reply would mean the input crashed a handler.
      expect(embedText(answerOf(ex)), `${where}: internal error`).not.toContain(t('en', 'error.internal'));
      for (const f of ex.followUps) checkLimits(f, `${where} (follow-up)`);
      for (const e of ex.edits) checkLimits(e, `${where} (edit)`);
      customIds([answerOf(ex), ex.followUps, ex.edits], shown);
      if ((answerOf(ex)?.flags ?? 0) & 64) refused++;
      else publicReplies++;
    }
    // Forms: pasted sheets (text and JSON), decklists and palettes get the same hostile text, plus
    // malformed JSON shaped like what the importers expect.
    const FORMS: [string, string[]][] = [
      ['sheet:import:pc', ['text']],
      ['deck:import', ['text']],
      ['palette:import', ['name', 'text']],
      ['palette:edit', ['name', 'lines', 'variables', 'character']],
      ['table:add:server', ['text']],
    ];
    const pasted = [
      ...HOSTILE_TEXT,
      '{"type":"servant","name":"@everyone","statuses":{"str":"EX+++++"},"skills":[{"name":"x","level":-99}]}',
      '{"kind":"character","data":{"name":"<@&1>","status":[{"label":"HP","value":"NaN","max":1e309}],"commands":"1d6\n'.concat('x'.repeat(3000), '"}}'),
      '【クラス】セイバー\n【ステータス】筋力Z 耐久 敏捷-1\n'.repeat(40),
      '4 Lightning Bolt\n'.repeat(300),
      // an original table that reads, its name and entries hostile (then rolled by the hostile /roll texts)
      '2D6 @everyone\n2-6:<@&123456789012345678> **x** ```y```\n7-12:\u202Eevil\u202C\\n@here',
      ...Array.from({ length: SCALE.randomForms }, (_, i) => randomText(seededRandom(`fuzz form ${i}`), 4000)),
    ];
    // The forms' short fields, as the bot opens them (a client cannot type past them).
    const FIELD_MAX: Record<string, number> = { name: 64, character: 100 };
    let forms = 0;
    for (const [customId, fields] of FORMS) {
      for (const value of pasted.filter(Boolean)) {
        const where = `form ${customId} ${value.slice(0, 60)}`;
        const ex = await h.fake.modalSubmit({ customId, user: h.fake.users.player, fields: Object.fromEntries(fields.map((f) => [f, value.slice(0, FIELD_MAX[f] ?? 4000)])), settleMs: 10 });
        forms++;
        customIds([answerOf(ex), ex.followUps, ex.edits], shown);
        expect([4, 5, 6, 7], `${where}: answered`).toContain(ex.callback.type);
        checkLimits(answerOf(ex), where);
        for (const f of ex.followUps) checkLimits(f, `${where} (follow-up)`);
        expect(embedText(answerOf(ex)), `${where}: internal error`).not.toContain(t('en', 'error.internal'));
        for (const f of ex.followUps) expect(embedText(f), `${where}: internal error`).not.toContain(t('en', 'error.internal'));
      }
    }

    // The hostile original table a form added, rolled by its name twenty times: answered in public, in
    // Discord's limits, its entries shown as text (issue 29 §3).
    const tableRoll = await h.fake.command({ name: 'roll', user: h.fake.users.player, options: [{ name: 'expression', value: 'x20 @everyone' }] });
    expect(answered(tableRoll)).toBe(true);
    checkLimits(answerOf(tableRoll), 'roll x20 @everyone');
    expect(embedText(answerOf(tableRoll))).toContain('Table “@everyone” (2D6)');

    // A few ordinary steps that show buttons (luck reroll, reveal, seal approval, defense, deletion),
    // on a fresh sheet (the hostile options above may have renamed or deleted the first).
    await h.fake.modalSubmit({ customId: 'sheet:import:pc', user: h.fake.users.player, fields: { text: saberText() } });
    await h.fake.modalSubmit({ customId: 'palette:import', user: h.fake.users.player, fields: { name: 'fz', text: '2d6 attack\n1d100 luck' } });
    const steps: [string, unknown[], string?][] = [
      ['check', [{ name: 'status', value: 'agi' }]],
      ['roll', [{ name: 'expression', value: '2d6' }, { name: 'secret', value: true }]],
      ['combat', [{ name: 'start', type: 1, options: [{ name: 'ruleset', value: 'fate' }] }], 'gm'],
      ['combat', [{ name: 'add', type: 1, options: [{ name: 'who', value: 'セイバー' }, { name: 'side', value: 'pc' }] }], 'gm'],
      ['combat', [{ name: 'add', type: 1, options: [{ name: 'who', value: 'Golem' }, { name: 'side', value: 'npc' }, { name: 'hp', value: 20 }] }], 'gm'],
      ['combat', [{ name: 'next', type: 1, options: [] }], 'gm'],
      ['attack', [{ name: 'target', value: 'Golem' }]],
      ['palette', [{ name: 'show', type: 1, options: [{ name: 'name', value: 'fz' }] }]],
      ['sheet', [{ name: 'delete', type: 1, options: [{ name: 'name', value: 'セイバー' }] }]],
      ['data', [{ name: 'delete', type: 1, options: [] }], 'owner'],
    ];
    for (const [name, options, who] of steps) {
      const ex = await h.fake.command({ name, options: options as never, user: who === 'gm' ? h.fake.users.gm : who === 'owner' ? h.fake.users.owner : h.fake.users.player });
      customIds([answerOf(ex), ex.followUps, ex.edits], shown);
    }
    for (const m of [...h.fake.channelMessages(), ...h.fake.dms(h.fake.users.gm.id), ...h.fake.dms(h.fake.users.player.id)]) customIds(m, shown);

    // Forged buttons: one id per shape the bot showed (digits stand for any number), each forged.
    const shapes = new Map<string, string>();
    for (const id of shown) shapes.set(id.replace(/\d+/g, '0'), id);
    const carrier = await h.fake.command({ name: 'roll', options: [{ name: 'expression', value: '1d6' }] });
    let forged = 0;
    for (const id of [...(SCALE.forgeEveryId ? shown : shapes.values())].flatMap(forgeries)) {
      const ex = await h.fake.component({ customId: id, user: h.fake.users.player, message: carrier.original!, settleMs: 10 });
      forged++;
      expect([4, 5, 6, 7, 9], `button ${id}: answered`).toContain(ex.callback.type);
      checkLimits(answerOf(ex), `button ${id}`);
      expect(embedText(answerOf(ex)), `button ${id}: internal error`).not.toContain(t('en', 'error.internal'));
      for (const f of ex.followUps) expect(embedText(f), `button ${id}: internal error`).not.toContain(t('en', 'error.internal'));
    }

    const alive = await h.fake.command({ name: 'roll', options: [{ name: 'expression', value: '2d6' }] });
    expect(answered(alive)).toBe(true);
    console.log(`fuzz (${testBackend}${SCALE.seeds > 1 ? ', at scale' : ''}): ${all.length} hostile options over ${commandModules.length} commands, ${forms} hostile forms, ${forged} forged presses of ${shapes.size} button shapes; ${refused} ephemeral answers, ${publicReplies} public; 0 crashes`);
    expect(shapes.size).toBeGreaterThanOrEqual(5); // the run did show buttons to forge
    expect(publicReplies).toBeGreaterThan(0); // some hostile text went all the way to a public reply
    expect(all.length).toBeGreaterThan(100);
  }, SCALE.timeoutMs);
});
