// What the Persona e2e tests share: reading the fight from the store and driving it as the GM or a
// player through the fake Discord. The tests own the harness and the channel; the driver reads them
// through the getters each time, since both change between fights.
import { eq } from 'drizzle-orm';
import type { PersonaCombatState } from '../../src/services/combat/persona.js';
import { row } from '../helpers/db.js';
import type { FakeUser } from './fake-discord/index.js';
import { EPHEMERAL, embedText, type Harness, answerOf, isEphemeralAnswer } from './harness.js';
import type { InteractionExchange } from './fake-discord/types.js';

export type Opt = { name: string; value: any };
export const sub = (name: string, options: Opt[] = []) => [{ name, type: 1, options }];
export const ephemeral = isEphemeralAnswer;
export const out = (ex: InteractionExchange) => embedText(answerOf(ex));

/** "Damage roll 2D6+2D4 = 13." → { expr, total } */
export const damageRoll = (text: string) => {
  const m = /Damage roll (\S+) = (-?\d+)/.exec(text);
  if (!m) throw new Error(`no damage roll in: ${text}`);
  return { expr: m[1]!, total: Number(m[2]) };
};

export function personaDriver(harness: () => Harness, channel: () => string) {
  const fight = async () => await row(harness().store, 'combats', (c) => eq(c.channelId, channel()));
  const pstate = async () => (await fight()).state as PersonaCombatState;
  const combat = async () => (await pstate()).combat!;
  return {
    fight,
    pstate,
    combat,
    who: async (name: string) => (await combat()).combatants.find((c) => c.name === name)!,
    slotOwner: async () => {
      const c = await combat();
      return c.combatants.find((x) => x.id === c.slot?.ownerId)?.name;
    },
    board: async () => {
      const m = harness().fake.message((await fight()).trackerMessageId!)!;
      return embedText(m.edits.at(-1) ?? m.body);
    },
    gmDo: (name: string, subName: string, options: Opt[] = [], locale?: string) =>
      harness().fake.command({ name, channelId: channel(), user: harness().fake.users.gm, options: sub(subName, options), ...(locale ? { locale } : {}) }),
    as: (user: FakeUser, subName: string, options: Opt[] = []) => harness().fake.command({ name: 'persona', channelId: channel(), user, options: sub(subName, options) }),
  };
}
