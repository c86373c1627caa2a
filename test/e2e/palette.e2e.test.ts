// Chat palettes and Ccfolia import through the real discord.js client (issue 13 §2 "Must show":
// a palette built from a sheet rolling with substituted variables; a Ccfolia JSON import).
// The sheet is the seed's servant template (seed 001 L862–881: 筋力A → level 5, a status check
// rolls 2×level dice ≤ level; 魔力放出 D → 2 dice ≤ 2).
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { row } from '../helpers/db.js';
import type { CommandOption } from './fake-discord/types.js';
import { EPHEMERAL, embedText, startHarness, type Harness, answerOf } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness('palette-e2e');
});
afterAll(async () => {
  await h?.close();
});

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');
const lastRoll = async () => await row(h.store, 'rolls', undefined, 'newest');
const sub = (name: string, options: CommandOption[] = []): CommandOption[] => [{ name, type: 1, options }];
const buttons = (data: any): Array<{ custom_id: string; label: string }> => (data.components ?? []).flatMap((r: any) => r.components);

describe('/palette', () => {
  it('a palette linked to a sheet fills {筋力ダイス}, {筋力} and skills from it, and a button rolls the line', async () => {
    await h.fake.command({ name: 'sheet', options: sub('import') });
    await h.fake.modalSubmit({ customId: 'sheet:import:pc', fields: { text: fixture('saber.txt') } });
    const saber = await row(h.store, 'characters', (c) => eq(c.name, 'セイバー'));

    const open = await h.fake.command({ name: 'palette', options: sub('edit', [{ name: 'name', value: 'Saber' }, { name: 'character', value: 'セイバー' }]) });
    expect(open.callback.type).toBe(9);
    const saved = await h.fake.modalSubmit({
      customId: 'palette:edit',
      fields: { name: 'Saber', character: 'セイバー', lines: '{筋力ダイス}d6<={筋力}+{魔力放出}d6<={魔力放出} 攻撃\n1d100<={命中} **命中**', variables: '命中=70' },
    });
    expect(answerOf(saved).flags & EPHEMERAL).toBe(EPHEMERAL);
    const shown = embedText(answerOf(saved));
    expect(shown).toContain('10d6<=5+2d6<=2 攻撃');
    expect(shown).toContain('1d100<=70 \\*\\*命中\\*\\*'); // user text escaped for Markdown
    const [attack, hit] = buttons(answerOf(saved));
    expect(attack!.custom_id).toMatch(/^palette:roll:\d+:0$/);

    const pressed = await h.fake.component({ customId: attack!.custom_id, message: saved.original! });
    expect((answerOf(pressed).flags ?? 0) & EPHEMERAL).toBe(0);
    const r = await lastRoll();
    expect(r).toMatchObject({ normalized: '10d6<=5+2d6<=2', kind: 'count', comment: '攻撃', characterId: saber.id });
    expect(embedText(answerOf(pressed))).toMatch(/Reading: each die is compared with its threshold/);

    await h.fake.component({ customId: hit!.custom_id, message: saved.original! });
    expect(await lastRoll()).toMatchObject({ normalized: '1d100<=70', kind: 'target' });

    // Character autocomplete folds kana and width (issue 13 §3): せい and ｾｲ find セイバー.
    for (const typed of ['せい', 'ｾｲ']) {
      const ac = await h.fake.autocomplete({ name: 'check', options: [{ name: 'character', value: typed, focused: true }] });
      expect(answerOf(ac).choices).toEqual([{ name: 'セイバー', value: 'セイバー' }]);
    }

    const stranger = await h.fake.component({ customId: attack!.custom_id, message: saved.original!, user: h.fake.users.player2 });
    expect(answerOf(stranger).flags & EPHEMERAL).toBe(EPHEMERAL);
  });

  it('imports a Ccfolia clipboard character with its palette and variables, and exports it back as text', async () => {
    const ccfolia = JSON.stringify({
      kind: 'character',
      data: {
        name: '探索者A',
        status: [{ label: 'HP', value: 12, max: 12 }, { label: 'SAN', value: 60, max: 99 }],
        params: [{ label: 'STR', value: '13' }],
        commands: '1d100<={SAN} 正気度ロール\n2d6+{STR} ダメージ\n//目星=75\n1d100<={目星} 目星',
      },
    });
    const file = h.fake.uploadAttachment({ filename: 'ccfolia.json', content: ccfolia });
    const imported = await h.fake.command({ name: 'palette', options: sub('import', [{ name: 'file', value: file }]) });
    const shown = embedText(answerOf(imported));
    expect(shown).toContain('Palette: 探索者A');
    expect(shown).toContain('1d100<=60 正気度ロール');
    expect(shown).toContain('2d6+13 ダメージ');
    expect(shown).toContain('1d100<=75 目星');
    const [san] = buttons(answerOf(imported));
    await h.fake.component({ customId: san!.custom_id, message: imported.original! });
    expect(await lastRoll()).toMatchObject({ normalized: '1d100<=60', comment: '正気度ロール' });

    const exported = await h.fake.command({ name: 'palette', options: sub('export', [{ name: 'name', value: '探索者A' }]) });
    const text = exported.callbackFiles[0]!.data.toString('utf8');
    // SAN lives on the character now (issue 21 §2), not as a snapshot variable of the palette.
    expect(text).not.toContain('//SAN=');
    expect(text).toContain('1d100<={SAN} 正気度ロール');

    const notCcfolia = await h.fake.command({ name: 'palette', options: sub('import', [{ name: 'file', value: h.fake.uploadAttachment({ filename: 'x.json', content: '{"kind":"item"}' }) }]) });
    expect(answerOf(notCcfolia).flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(embedText(answerOf(notCcfolia))).toMatch(/not a Ccfolia character/);
  });
});
