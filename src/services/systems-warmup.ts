// Loads, after start-up, every BCDice game system some channel has chosen (/system), so the first roll
// in such a channel after a restart does not spend Discord's 3-second answer window loading BCDice.
import type { Logger } from 'pino';
import { preloadSystem } from '../bcdice/index.js';
import type { Store } from '../store/db.js';
import { systemsInUse } from '../store/systems.js';

export async function warmSystems(store: Store, log: Logger): Promise<string[]> {
  const ids = await store.transaction((tx) => systemsInUse(tx));
  const started = Date.now();
  const failed: string[] = [];
  for (const id of ids) if (!(await preloadSystem(id))) failed.push(id);
  if (ids.length) log.info({ systems: ids.length, failed, ms: Date.now() - started }, 'bcdice: systems in use loaded');
  return ids.filter((id) => !failed.includes(id));
}
