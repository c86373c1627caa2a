// Every help page within Discord's limits (issue 28 §3): Discord refuses a message whose embeds hold
// more than 6,000 characters or 25 fields (400, 50035). /help and /help command:<each command> in
// en/ja/ko, every page followed through its buttons: each page fits, and the pages together list every
// command (or every subcommand) once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandModules } from '../../commands/index.js';
import { startHarness, type Harness, answerOf } from './harness.js';
import type { InteractionExchange } from './fake-discord/types.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness('help-pages');
});
afterAll(async () => {
  await h?.close();
});

interface Embed { title?: string; description?: string; fields?: { name: string; value: string }[]; footer?: { text: string } }
const chars = (s: string | undefined) => (s ? [...s].length : 0);
const embedTotal = (e: Embed) => chars(e.title) + chars(e.description) + (e.fields ?? []).reduce((n, f) => n + chars(f.name) + chars(f.value), 0) + chars(e.footer?.text);

/** The pages of one help answer: the first, then each "next" button pressed in turn. */
async function pages(first: InteractionExchange, locale: string): Promise<Embed[]> {
  const out: Embed[] = [];
  let data = answerOf(first) as { embeds: Embed[]; components?: { components: { custom_id: string; disabled?: boolean }[] }[] };
  for (let guard = 0; guard < 10; guard++) {
    out.push(data.embeds[0]!);
    const next = (data.components ?? []).flatMap((r) => r.components).find((c) => /^help:page:.+:\d+$/.test(c.custom_id) && c.custom_id.endsWith(`:${out.length}`));
    if (!next || next.disabled) break;
    const pressed = await h.fake.button({ customId: next.custom_id, locale });
    expect(pressed.callback.type).toBe(7); // the page is turned in place
    data = answerOf(pressed) as typeof data;
  }
  return out;
}

describe('/help pages stay within Discord’s limits', () => {
  for (const locale of ['en', 'ja', 'ko']) {
    it(`${locale}: the overview and every command’s help, every page ≤ 6,000 characters and ≤ 25 fields, nothing lost`, async () => {
      const overview = await pages(await h.fake.command({ name: 'help', locale }), locale);
      const listed = overview.flatMap((e) => e.fields ?? []);
      expect(listed.length).toBe(commandModules.length); // /help among them
      const all: { command: string; pages: Embed[] }[] = [{ command: '(overview)', pages: overview }];
      for (const m of commandModules) {
        const ex = await h.fake.command({ name: 'help', locale, options: [{ name: 'command', value: m.definition.name }] });
        const got = await pages(ex, locale);
        const subcommands = (m.definition.options ?? []).filter((o) => o.type === 1 || o.type === 2).length;
        expect(got.flatMap((e) => e.fields ?? []).length, m.definition.name).toBe(Math.max(subcommands, 1));
        all.push({ command: m.definition.name, pages: got });
      }
      for (const { command, pages: shown } of all) {
        for (const [i, e] of shown.entries()) {
          expect(embedTotal(e), `${command} page ${i + 1}`).toBeLessThanOrEqual(6000);
          expect((e.fields ?? []).length, `${command} page ${i + 1}`).toBeLessThanOrEqual(25);
        }
      }
      // English /help command:persona was 7,422 characters, which Discord refused whole: now it is paged
      if (locale === 'en') expect(all.find((a) => a.command === 'persona')!.pages.length).toBeGreaterThan(1);
    });
  }
});
