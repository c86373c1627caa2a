// What the Fate/roll dice e2e tests share: option builders, reading sheets, fights and rolls from the
// store, importing a renamed master + servant pair, and a seal the GM approves by its DM button.
// The tests own the harness; the driver reads it through the getter, since it is made in beforeAll.
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { FateCombatState } from '../../src/services/combat/state.js';
import type { CharacterRuntime } from '../../src/core/fate/character.js';
import { row } from '../helpers/db.js';
import type { FakeUser } from './fake-discord/types.js';
import { EPHEMERAL, embedText, type Harness, answerOf, isEphemeralAnswer } from './harness.js';
import type { InteractionExchange } from './fake-discord/types.js';

export type Opt = { name: string; value: any };
export const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');
export const sub = (name: string, options: Opt[] = []) => [{ name, type: 1, options }];
export const opt = (name: string, value: any): Opt => ({ name, value });
export const ephemeral = isEphemeralAnswer;
/** The fixtures' status lines (saber.txt, master.txt). */
export const SERVANT_STATUSES = '筋力A 耐久B 敏捷B 魔力C 幸運C 宝具A';
export const MASTER_STATUSES = '筋力E 耐久E 敏捷D 魔力B 幸運E 社会D';
export const buttonIds = (ex: InteractionExchange): string[] => (answerOf(ex)?.components ?? []).flatMap((r: any) => r.components.map((b: any) => b.custom_id));

export function fateDriver(harness: () => Harness) {
  const fight = async (channelId: string) => await row(harness().store, 'combats', (c) => eq(c.channelId, channelId), 'newest');
  const fightState = async (channelId: string) => (await fight(channelId)).state as FateCombatState;
  return {
    runtime: async (name: string) => (await row(harness().store, 'characters', (c) => eq(c.name, name))).state as CharacterRuntime,
    character: async (name: string) => await row(harness().store, 'characters', (c) => eq(c.name, name)),
    rollRow: async (id: number) => await row(harness().store, 'rolls', (r) => eq(r.id, id)),
    fight,
    fightState,
    combatant: async (channelId: string, name: string) => (await fightState(channelId)).combatants.find((c) => c.name === name)!,
    /** The live tracker's text as last edited. */
    tracker: async (channelId: string) => {
      const m = harness().fake.message((await fight(channelId)).trackerMessageId!)!;
      return embedText(m.edits.at(-1) ?? m.body);
    },
    /** The GM's `/combat <name>` in the channel. */
    gmCombat: (channelId: string, name: string, options: Opt[] = [], locale?: string) =>
      harness().fake.command({ name: 'combat', channelId, user: harness().fake.users.gm, options: sub(name, options), ...(locale ? { locale } : {}) }),
    /** Imports a master + servant pair under new names (the fixtures renamed), owned by `user`; `statuses` rewrite their status lines. */
    importPair: async (channelId: string, user: FakeUser, master: string, servant: string, statuses: { master?: string; servant?: string } = {}) => {
      const servantText = fixture('saber.txt').replaceAll('セイバー', servant).replace(SERVANT_STATUSES, statuses.servant ?? SERVANT_STATUSES);
      const masterText = fixture('master.txt').replaceAll('例・魔術師', master).replace('【サーヴァント】セイバー', `【サーヴァント】${servant}`).replace(MASTER_STATUSES, statuses.master ?? MASTER_STATUSES);
      for (const [file, content] of [[`${servant}.txt`, servantText], [`${master}.txt`, masterText]] as const) {
        await harness().fake.command({ name: 'sheet', channelId, user, options: sub('import', [opt('file', harness().fake.uploadAttachment({ filename: file, content }))]) });
      }
    },
    /** Asks for a seal as `user` (ephemerally) and has the GM approve it by the DM button; returns the approval. */
    sealApproved: async (channelId: string, user: FakeUser, options: Opt[]) => {
      const h = harness();
      const { gm } = h.fake.users;
      const before = h.fake.dms(gm.id).length;
      const asked = await h.fake.command({ name: 'seal', channelId, user, options });
      expect(ephemeral(asked)).toBe(true);
      const dm = await h.fake.waitFor(() => h.fake.dms(gm.id).slice(before).find((m) => m.components.length > 0));
      const approve = dm.components.flatMap((r: any) => r.components).find((b: any) => String(b.custom_id).startsWith('seal:approve:'));
      return await h.fake.button({ customId: approve.custom_id, user: gm, guildId: null, message: dm });
    },
  };
}
