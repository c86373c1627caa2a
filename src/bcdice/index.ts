// The channel's BCDice game system, through the `bcdice` package. The package (an Opal build of
// BCDice that patches built-in prototypes and weighs tens of MB) is imported on the first roll that
// needs it, so start-up and memory do not pay for it; the system list is read from its JSON file.
import { createRequire } from 'node:module';
import type { DiceResult, RolledDie } from '../core/dice/index.js';
import type { RandomSource } from '../core/random.js';

export const DEFAULT_SYSTEM = 'DiceBot';

export interface SystemInfo {
  id: string;
  name: string;
  sortKey: string;
  locale: string;
}

interface BcdiceResult {
  text: string;
  secret: boolean;
  success: boolean;
  failure: boolean;
  critical: boolean;
  fumble: boolean;
}

interface GameSystemClass {
  ID: string;
  NAME: string;
  HELP_MESSAGE: string;
  new (command: string): { randomizer: { $random(sides: number): number }; eval(): BcdiceResult | null };
}

interface BcdiceModule {
  DynamicLoader: new () => { dynamicLoad(id: string): Promise<GameSystemClass> };
  /** the BCDice (Ruby) version the package was built from, e.g. `3.16.1` */
  Version: string;
}

interface ListedSystem extends SystemInfo {
  className: string;
  /** the Ruby class it extends: `Base`, or another system's class (`BlackJacket` for BlackJacket:Korean) */
  superClassName: string;
}

const require = createRequire(import.meta.url);
let systems: SystemInfo[] | undefined;
let listed: readonly ListedSystem[] | undefined;

function listedSystems(): readonly ListedSystem[] {
  listed ??= (require('bcdice/lib/bcdice/game_system_list.json') as { gameSystems: ListedSystem[] }).gameSystems;
  return listed;
}

/** Every system the installed package ships (ja, ko, zh… variants included), without loading BCDice. */
export function listSystems(): readonly SystemInfo[] {
  systems ??= listedSystems().map((s) => ({ id: s.id, name: s.name, sortKey: s.sortKey, locale: s.locale }));
  return systems;
}

export function findSystem(id: string): SystemInfo | undefined {
  const lower = id.trim().toLowerCase();
  return listSystems().find((s) => s.id.toLowerCase() === lower);
}

let bcdice: Promise<BcdiceModule> | undefined;
let loader: Promise<BcdiceModule['DynamicLoader']['prototype']> | undefined;
const loaded = new Map<string, Promise<GameSystemClass>>();

function bcdiceModule(): Promise<BcdiceModule> {
  if (bcdice === undefined) bcdice = import('bcdice').then((mod) => {
    // CommonJS: Node's ESM loader exposes it as `default`, tsx also as named exports.
    const m = mod as unknown as Partial<BcdiceModule> & { default?: BcdiceModule };
    const found = m.DynamicLoader ? (m as BcdiceModule) : m.default;
    if (!found?.DynamicLoader) throw new Error('bcdice: DynamicLoader not found');
    return found;
  });
  return bcdice;
}

/** The BCDice version inside the installed package (the own-test fixtures follow it). */
export async function bcdiceVersion(): Promise<string> {
  return String((await bcdiceModule()).Version);
}

async function gameSystem(id: string): Promise<GameSystemClass> {
  if (loader === undefined) loader = bcdiceModule().then((m) => new m.DynamicLoader());
  let system = loaded.get(id);
  if (!system) {
    system = (async () => {
      // A localized system (BlackJacket:Korean) is a subclass of its base system's Ruby class, and
      // the package's loader requires only the subclass's file: on a process that never loaded the
      // base, the subclass fails with "uninitialized constant". Load the parent chain first.
      const parent = baseSystemOf(id);
      if (parent) await gameSystem(parent);
      return (await loader!).dynamicLoad(id);
    })();
    loaded.set(id, system);
    system.catch(() => loaded.delete(id));
  }
  return system;
}

/** The id of the system whose class `id`'s class extends, when that is another system (not `Base`). */
export function baseSystemOf(id: string): string | undefined {
  const lower = id.toLowerCase();
  const own = listedSystems().find((s) => s.id.toLowerCase() === lower);
  if (!own || own.superClassName === 'Base') return undefined;
  return listedSystems().find((s) => s.className === own.superClassName && s.id !== own.id)?.id;
}

/** Loads a system ahead of its first roll (the package's first load takes a noticeable fraction of
 *  Discord's 3-second answer window on a cold disk); errors surface on the roll itself. */
export function preloadSystem(id: string): Promise<boolean> {
  return gameSystem(id).then(
    () => true,
    () => false,
  );
}

/** Whether the system is already in memory (for tests and logs). */
export function isSystemLoaded(id: string): boolean {
  return loaded.has(id);
}

export interface SystemRoll {
  result: DiceResult;
  /** BCDice's secret flag (`S2D6`, `SCC<=50`): the roll goes through the secret path */
  secret: boolean;
}

/**
 * Rolls `command` in the system with our random source (BCDice's randomizer asks it for every die),
 * or null when the system does not understand the command. BCDice's own errors (too many rerolls…)
 * count as not understood.
 */
export async function rollSystem(systemId: string, command: string, rng: RandomSource): Promise<SystemRoll | null> {
  const system = await gameSystem(systemId);
  let answer: BcdiceResult | null;
  // What the random source gave BCDice, die by die: BCDice's own record (detailedRands) holds the
  // values it derived, a percentile's tens d10 as 0–90, which /stats would count as d10 faces.
  const dice: RolledDie[] = [];
  try {
    const game = new system(command);
    game.randomizer.$random = (boxed: number) => {
      // Some systems pass the sides as a boxed Opal Number: unbox before our source checks it.
      const sides = Number(boxed);
      const face = rng.die(sides);
      dice.push({ sides, face, kept: true, success: null, pool: null });
      return face;
    };
    answer = game.eval();
  } catch {
    return null;
  }
  if (!answer) return null;
  const outcome = answer.success ? 'success' : answer.failure ? 'failure' : null;
  const { kind, value } = meaningOf(answer.text, outcome !== null, dice);
  const flags = { ...(answer.critical ? { critical: true } : {}), ...(answer.fumble ? { fumble: true } : {}) };
  const result: DiceResult = {
    input: command,
    normalized: command,
    kind,
    value,
    outcome,
    dice,
    tree: { type: 'bcdice', system: system.ID, text: answer.text, value, dice, ...flags },
  };
  return { result, secret: answer.secret };
}

/**
 * What BCDice's line means, stored so /stats and the log count it: a success count (`＞ 成功数2`,
 * kind 'count'), else the last number it ended on (`＞ 12 ＞ 成功`), else the sum of its dice
 * (a listed `5B6` ＞ 2,2,2,1,1, `3U6[6]`), which for `choice` is the position picked.
 */
export function meaningOf(text: string, judged: boolean, dice: readonly RolledDie[]): { kind: 'sum' | 'count' | 'target'; value: number } {
  const steps = text.split('＞').map((s) => s.trim());
  const count = /^(?:成功数|성공\s?수)\s*(-?\d+)/.exec(steps[steps.length - 1] ?? '');
  if (count) return { kind: 'count', value: Number(count[1]) };
  const kind = judged ? 'target' : 'sum';
  for (let i = steps.length - 1; i > 0; i--) if (/^-?\d{1,15}$/.test(steps[i]!)) return { kind, value: Number(steps[i]) };
  return { kind, value: dice.reduce((sum, d) => sum + d.face, 0) };
}

export async function systemHelp(systemId: string): Promise<{ id: string; name: string; help: string }> {
  const system = await gameSystem(systemId);
  return { id: system.ID, name: system.NAME, help: system.HELP_MESSAGE };
}
