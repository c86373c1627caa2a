// A percentage battle's lines, worded for each reader (issue 27; seed 000 L28 「승률은 자기 진영 혹은
// 선수 관점」, L43; README "Who sees what"): a side's member reads its own view — its war power against
// "?", its superior statuses, its own seals as a plus, its own rate — and none of the other side's
// numbers even when handed the other side's lines; the GM reads everything; the table and an
// uninvolved player read nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { battleOdds, NO_MODIFIERS, type Combatant } from '../../src/core/grailwar/battle.js';
import type { Status } from '../../src/core/grailwar/status.js';
import { costLine, oddsLines, pickLines, retreatLine, type BattleSeats } from '../../src/services/war/battle-view.js';
import type { FactionRow } from '../../src/store/schema/index.js';
import { forAudience } from '../../src/views/audience.js';
import { setStrictSecrets, type Audience } from '../../src/views/owned.js';
import type { Block, View } from '../../src/views/view.js';

const faction = (id: number, name: string, members: string[]) => ({ id, name, members }) as unknown as FactionRow;
const tohsaka = faction(1, '遠坂', ['rin']);
const matou = faction(2, '間桐', ['shinji']);
const seats: BattleSeats = { ours: [tohsaka], theirs: [matou], gmId: 'kirei' };

const statuses = (v: number): Record<Status, number> => ({ str: v, end: v, agi: v, mag: v, luk: v, np: v });
const servant = (factionId: number, level: number, v: number): Combatant => ({ factionId, name: String(factionId), kind: 'servant', level, statuses: statuses(v), role: 'main' });
// 遠坂 5 below in every status, level 35 against 50, the GM's +80, 間桐's seal: 20 % and 80 % (L27, L28, L43).
const odds = battleOdds([servant(1, 35, 32)], [servant(2, 50, 37)], ['str', 'agi', 'luk'], { ...NO_MODIFIERS, other: 80, enemy: { seals: { main: 1, sub: 0 } } });

const read = (blocks: Block[], audience: Audience): string => {
  const view: View = { locale: 'ja', tone: 'secret', blocks, ephemeral: false };
  return forAudience(view, audience).blocks.map((b) => (b.kind === 'text' ? b.text : '')).join('\n');
};
const rin: Audience = { kind: 'person', userId: 'rin' };
const shinji: Audience = { kind: 'person', userId: 'shinji' };
const gm: Audience = { kind: 'person', userId: 'kirei', isGm: true };
const table: Audience = { kind: 'table', locale: 'ja' };
const outsider: Audience = { kind: 'person', userId: 'sakura' };

beforeEach(() => setStrictSecrets(true));
afterEach(() => setStrictSecrets(false));

describe('a battle worded for each reader (seed 000 L28, L43)', () => {
  const roll = { roll: 57, winner: '間桐' };
  const first = [...pickLines(seats, odds, 'luk', null), ...oddsLines(seats, odds, 'ours', roll)];
  const second = [...pickLines(seats, odds, 'luk', null), ...oddsLines(seats, odds, 'theirs', roll)];

  it('the second side reads its own view: superior, its seal +30 %, its own 80 %', () => {
    const text = read(second, shinji);
    expect(text).toContain('筋力: 37 対 ?、優位');
    expect(text).toContain('3つとも優位: 基礎勝率 100%');
    expect(text).toContain('令呪 +30%');
    expect(text).toContain('最終勝率 80%');
    expect(text).toContain('出目57（21以上で勝利、勝率80%）→ **間桐** の勝利。');
    expect(text).not.toMatch(/32|20%|-30%|総戦力差 |最大レベル差 |スキル・その他 /);
  });

  it('the first side reads its own: inferior, its own 20 %, nothing of the other side’s seal', () => {
    const text = read(first, rin);
    expect(text).toContain('筋力: 32 対 ?、劣位');
    expect(text).toContain('最終勝率 20%');
    expect(text).toContain('出目57（勝率20%）');
    expect(text).not.toMatch(/37|80%|令呪|総戦力差 |最大レベル差 /);
  });

  it('handed the other side’s view, a side still reads none of the other side’s numbers', () => {
    const wrong = read(first, shinji);
    expect(wrong).not.toMatch(/: 32 対|20%|50%|-15%|\+80%/);
    expect(wrong).toContain('筋力: ? 対 37、劣位');
    expect(read(second, rin)).not.toMatch(/: 37 対|80%|\+30%|-15%/);
  });

  it('the GM reads both sides’ numbers and what is made of them', () => {
    const text = read(first, gm);
    for (const s of ['筋力: 32 対 37、劣位', '総戦力差 -15%', '最大レベル差 -15%', 'スキル・その他 +80%', '勝率 50%', '間桐の令呪 -30%', '最終勝率 20%']) expect(text).toContain(s);
    expect(text).not.toContain('表示しません'); // the sides' note is theirs
  });

  it('the table and an uninvolved player read nothing of it', () => {
    expect(read(first, table)).toBe('');
    expect(read(second, outsider)).toBe('');
  });

  it('a faction’s battle cost and retreat seals are its own (L38, L47)', () => {
    const own = [costLine(seats, { kind: 'battleCost', id: 1, amount: 35, mana: 125 }, tohsaka), retreatLine(seats, tohsaka, { seals: 1 }, 3)];
    expect(read(own, rin)).toContain('遠坂：戦闘終了、サーヴァントのレベル分の魔力−35（魔力 125）。');
    expect(read(own, rin)).toContain('残り3画');
    expect(read(own, shinji)).toBe('');
    expect(read(own, gm)).toContain('魔力 125');
  });
});
