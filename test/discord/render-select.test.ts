// Select menus in the Discord renderer (issue 19 §2): a menu takes a row of its own, buttons share
// what is left of Discord's five rows, and options stay within Discord's 25 and 100 characters.
import { describe, expect, it } from 'vitest';
import { toMessage } from '../../src/discord/render.js';
import { renderConsole } from '../../src/console/render.js';
import type { View } from '../../src/views/view.js';

const view = (extra: Partial<View>): View => ({ locale: 'en', tone: 'info', blocks: [], ephemeral: true, ...extra });
const json = (v: View) => JSON.parse(JSON.stringify(toMessage(v, null).components)) as Array<{ type: number; components: any[] }>;

describe('select menu rendering', () => {
  it('puts the menu first, on its own row, and keeps buttons within the four rows left', () => {
    const buttons = Array.from({ length: 25 }, (_, i) => ({ customId: `x:b:${i}`, label: `b${i}`, style: 'secondary' as const }));
    const options = Array.from({ length: 30 }, (_, i) => ({ label: `line ${i} ${'x'.repeat(120)}`, value: String(i), description: 'd'.repeat(150) }));
    const rows = json(view({ buttons, select: { customId: 'x:pick:1', placeholder: 'Pick a line', options } }));
    expect(rows).toHaveLength(5);
    const menu = rows[0]!.components[0];
    expect(menu).toMatchObject({ type: 3, custom_id: 'x:pick:1', placeholder: 'Pick a line' });
    expect(menu.options).toHaveLength(25);
    expect(menu.options[0].label.length).toBeLessThanOrEqual(100);
    expect(menu.options[0].description.length).toBeLessThanOrEqual(100);
    expect(rows.slice(1).flatMap((r) => r.components)).toHaveLength(20);
  });

  it('draws no menu row for a menu without options, and the console lists each option with its /press line', () => {
    expect(json(view({ select: { customId: 'x:pick:1', options: [] } }))).toEqual([]);
    const out = renderConsole(view({ select: { customId: 'x:pick:1', placeholder: 'Pick', options: [{ label: '2d6', value: '0' }, { label: 'CC', value: '1', description: 'skill' }] } }), (id) => id);
    expect(out).toContain('[2d6: /press x:pick:1 0]');
    expect(out).toContain('[CC (skill): /press x:pick:1 1]');
  });
});
