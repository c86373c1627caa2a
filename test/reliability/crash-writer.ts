// Child process of crash.test.ts: rolls through the real /roll handler as fast as it can and prints
// the id of every roll whose transaction committed, until it is killed.
import { pino } from 'pino';
import { roll } from '../../commands/roll.js';
import { runCommand } from '../../src/services/run.js';
import type { CommandOptions } from '../../src/services/types.js';
import { cryptoRandom } from '../../src/core/random.js';
import { translator } from '../../src/i18n/index.js';
import { openStore } from '../../src/store/db.js';
import { lastRoll } from '../../src/store/rolls.js';

const store = await openStore(process.argv[2]!);
const options: CommandOptions = {
  subcommand: () => null,
  string: (name) => (name === 'expression' ? '8d6<=4+2d6<=3' : null),
  integer: () => null,
  boolean: () => null,
  user: () => null,
  attachment: () => null,
};
const ctx = {
  user: { id: '412345678901234567', name: 'crash' },
  guildId: '212345678901234567',
  channelId: '312345678901234567',
  locale: 'en' as const,
  t: translator('en'), table: { locale: 'en' as const, t: translator('en') },
  canManageChannel: false,
  store,
  rng: cryptoRandom(),
  now: () => new Date(),
};
const log = pino({ level: 'silent' });
for (;;) {
  const { outcome } = await runCommand(roll, ctx, options, log);
  if (outcome !== 'ok') throw new Error(outcome);
  // Acknowledged: the command returned, so its transaction committed.
  const last = await store.transaction((tx) => lastRoll(tx, ctx.user.id, ctx.channelId));
  process.stdout.write(`${last!.id}\n`);
}
