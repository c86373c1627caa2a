// Small builders the generators share: steps, options, and reading a world's store.
import { eq } from 'drizzle-orm';
import { rows } from '../../helpers/db.js';
import type { Session } from './session.js';
import { visibleComponents, type FuzzWorld, type Opt, type PerWorld, type Place, type Step, type Who } from './world.js';

export const opt = (name: string, value: Opt['value']): Opt => ({ name, value });
export const sub = (name: string, options: Opt[] = []): Opt[] => [{ name, options }];
/** options from a record; undefined values are left out */
export const opts = (o: Record<string, Opt['value'] | undefined>): Opt[] => Object.entries(o).flatMap(([name, value]) => (value === undefined ? [] : [{ name, value }]));
export const user = (who: Who) => ({ user: who });
export const file = (filename: string, content: string) => ({ file: { filename, content } });

export const cmd = (who: Who, name: string, options: PerWorld<Opt[]> = [], place?: Place): Step => ({ kind: 'command', who, name, options, ...(place ? { place } : {}) });
export const press = (who: Who, customId: string, place?: Place | 'dm'): Step => ({ kind: 'button', who, customId, ...(place ? { place } : {}) });
/** Autocomplete as a person, typing `typed` into option `option` (of sub-command `subName`, if any). */
export const complete = (who: Who, name: string, subName: string | null, option: string, typed: string, place?: Place, others: Opt[] = []): Step => {
  const focused: Opt[] = [...others, { name: option, value: typed, focused: true }];
  return { kind: 'autocomplete', who, name, options: subName ? [{ name: subName, options: focused }] : focused, ...(place ? { place } : {}) };
};

/** The buttons a person can press now in a place of world X (newest message first). */
export const buttonsFor = (s: Session, who: Who, place: Place | 'dm' = 'main') => visibleComponents(s.worlds[0], who, place);

/** The newest combat row of a channel in a world (or undefined). */
export async function combatRow(w: FuzzWorld, place: Place = 'main') {
  const found = await rows(w.h.store, 'combats', (c) => eq(c.channelId, w.channels[place]), 'newest');
  return found[0];
}
