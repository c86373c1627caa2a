// One world of a fuzzed session: the real bot (discord.js client, a real database) against the strict
// fake Discord, with the step-keyed dice of ./prng.ts, three channels and four people. A step is played
// here exactly as the generator wrote it (options may differ per world: the hidden values), then the
// world is left to finish what the step started (DMs, posts, board edits and their pictures).
import { startHarness, type Harness, answerOf } from '../../e2e/harness.js';
import type { CommandOption, FakeUser, InteractionExchange, RecordedMessage } from '../../e2e/fake-discord/types.js';
import { preloadFonts, warmGlyphs } from '../../../src/pictures/glyphs.js';
import { catalogKeys, LOCALES, t } from '../../../src/i18n/index.js';
import { KeyedDice, StepClock } from './prng.js';

export type Who = 'gm' | 'a' | 'b' | 'c';
export const PEOPLE: readonly Who[] = ['gm', 'a', 'b', 'c'];
/** main and arena are the table's channels; room is A's own (only A and the GM read it). */
export type Place = 'main' | 'arena' | 'room';
export type Audience = 'table' | Who;

/** An option as a generator writes it: a person or a file is made in each world. */
export interface Opt {
  name: string;
  value?: string | number | boolean | { user: Who } | { file: { filename: string; content: string } };
  options?: Opt[];
  focused?: boolean;
}
/** The same for both worlds, or one per world (a hidden value). */
export type PerWorld<T> = T | { worlds: readonly [T, T] };
export const perWorld = <T>(x: T, y: T): PerWorld<T> => ({ worlds: [x, y] as const });
const forWorld = <T>(v: PerWorld<T>, i: 0 | 1): T => (v !== null && typeof v === 'object' && 'worlds' in (v as object) ? (v as { worlds: readonly [T, T] }).worlds[i] : (v as T));

export type Step =
  /** `only`: played in that world alone (a private step of the entitled, e.g. a luck reroll in A's room) */
  | { kind: 'command'; who: Who; name: string; options?: PerWorld<Opt[]>; place?: Place; note?: string; only?: 0 | 1 }
  /** the newest button the person can see whose custom id is this one (or starts with it, when it ends with ':') */
  | { kind: 'button'; who: Who; customId: string; place?: Place | 'dm'; note?: string }
  | { kind: 'select'; who: Who; customId: string; values: string[]; place?: Place | 'dm'; note?: string }
  | { kind: 'modal'; who: Who; customId: string; fields: PerWorld<Record<string, string>>; place?: Place; note?: string }
  | { kind: 'autocomplete'; who: Who; name: string; options: Opt[]; place?: Place; note?: string };

export interface StepOutcome {
  /** the step had nothing to act on in this world (no such button) */
  skipped?: boolean;
  exchange?: InteractionExchange;
  /** whether the first answer was for the actor alone */
  ephemeral?: boolean;
  /** whether it was a refusal ("Cannot do that") */
  refused?: boolean;
}

export interface FuzzWorld {
  index: 0 | 1;
  h: Harness;
  dice: KeyedDice;
  clock: StepClock;
  users: Record<Who, FakeUser>;
  channels: Record<Place, string>;
  locales: Record<Who, string>;
  /** who sent each interaction (its replies are theirs when ephemeral) */
  actorOf: Map<string, Who>;
  /** what the step showed its actor outside any message: autocomplete choices, a form */
  shownToActor: { who: Who; text: string }[];
}

let fontsReady = false;

export async function openFuzzWorld(index: 0 | 1, seed: string, locales: { table: string } & Record<Who, string>): Promise<FuzzWorld> {
  if (!fontsReady) {
    // Pictures are on: glyphs ready before either world draws, so neither world draws slower.
    preloadFonts();
    warmGlyphs(`0123456789 ${LOCALES.flatMap((l) => catalogKeys(l).map((k) => t(l, k))).join('')}`);
    fontsReady = true;
  }
  const dice = new KeyedDice(seed);
  const clock = new StepClock();
  const h = await startHarness(`fuzz:${seed}`, { rng: dice, now: clock.now });
  h.fake.setGuildLocale(h.fake.guildId, locales.table);
  const channels: Record<Place, string> = {
    main: h.fake.createTextChannel({ name: 'two-worlds' }),
    arena: h.fake.createTextChannel({ name: 'arena' }),
    room: h.fake.createTextChannel({ name: 'a-room' }),
  };
  const users: Record<Who, FakeUser> = {
    gm: h.fake.users.gm,
    a: h.fake.users.player,
    b: h.fake.users.player2,
    c: h.fake.createUser({ username: 'player_three', globalName: 'Player Three' }),
  };
  // Every DM channel exists from the start, so a DM is told from a channel post by its channel.
  for (const who of PEOPLE) h.fake.dmChannelId(users[who].id);
  return { index, h, dice, clock, users, channels, locales: { gm: locales.gm, a: locales.a, b: locales.b, c: locales.c }, actorOf: new Map(), shownToActor: [] };
}

function resolveOptions(world: FuzzWorld, options: Opt[] | undefined): CommandOption[] {
  return (options ?? []).map((o) => {
    const out: CommandOption = { name: o.name };
    if (o.options) out.options = resolveOptions(world, o.options);
    if (o.focused) out.focused = true;
    const v = o.value;
    if (v !== undefined) {
      if (typeof v === 'object' && 'user' in v) out.value = world.users[v.user];
      else if (typeof v === 'object' && 'file' in v) out.value = world.h.fake.uploadAttachment({ ...v.file, channelId: world.channels.main });
      else out.value = v;
    }
    if (o.options && o.value === undefined) out.type = 1;
    return out;
  });
}

const EPHEMERAL = 1 << 6;

/** Messages the person can press a component on: the place's public messages, their own ephemeral replies, their DMs. */
function pressable(world: FuzzWorld, who: Who, place: Place | 'dm'): RecordedMessage[] {
  const user = world.users[who];
  const dm = world.h.fake.dmChannelId(user.id);
  return world.h.fake.allMessages().filter((m) => {
    if (m.deleted) return false;
    if (place === 'dm') return m.channelId === dm;
    if (m.channelId !== world.channels[place]) return false;
    if ((m.flags & EPHEMERAL) === 0) return true;
    return m.interactionId !== null && world.actorOf.get(m.interactionId) === who;
  });
}

const componentsOf = (m: RecordedMessage): { custom_id?: string; label?: string; options?: { value: string }[] }[] =>
  (m.components ?? []).flatMap((row: { components?: unknown[] }) => (row.components ?? []) as never[]);

/** The newest message the person can press with such a component, and the component's full id. */
export function findComponent(world: FuzzWorld, who: Who, customId: string, place: Place | 'dm'): { message: RecordedMessage; customId: string } | undefined {
  const prefix = customId.endsWith(':');
  for (const m of pressable(world, who, place).reverse()) {
    const c = componentsOf(m).find((x) => x.custom_id !== undefined && (prefix ? x.custom_id.startsWith(customId) : x.custom_id === customId));
    if (c) return { message: m, customId: c.custom_id! };
  }
  return undefined;
}

/** The components the person can press in a place (newest message first): id and label. */
export function visibleComponents(world: FuzzWorld, who: Who, place: Place | 'dm'): { customId: string; label: string; options: string[] }[] {
  return pressable(world, who, place)
    .reverse()
    .flatMap((m) => componentsOf(m).filter((c) => c.custom_id).map((c) => ({ customId: c.custom_id!, label: c.label ?? '', options: (c.options ?? []).map((o) => o.value) })));
}

const QUICK = { settleMs: 5, timeoutMs: 15_000 };
const REFUSAL_TITLES = new Set(LOCALES.map((l) => t(l, 'error.title')));

/** Plays one step in this world with this step's dice, then waits until the bot has finished it. */
export async function playStep(world: FuzzWorld, step: Step, stepNo: number): Promise<StepOutcome> {
  world.dice.key(stepNo);
  world.clock.key(stepNo);
  if (step.kind === 'command' && step.only !== undefined && step.only !== world.index) return { skipped: true };
  const { fake } = world.h;
  const user = world.users[step.who];
  const locale = world.locales[step.who];
  const place = step.place ?? 'main';
  let exchange: InteractionExchange | undefined;
  switch (step.kind) {
    case 'command':
      exchange = await fake.command({ name: step.name, channelId: world.channels[place as Place], user, locale, options: resolveOptions(world, forWorld(step.options ?? [], world.index)), ...QUICK });
      break;
    case 'autocomplete': {
      exchange = await fake.autocomplete({ name: step.name, channelId: world.channels[place as Place], user, locale, options: resolveOptions(world, step.options), ...QUICK });
      const choices = ((answerOf(exchange)?.choices ?? []) as { name: string }[]).map((c) => c.name);
      world.shownToActor.push({ who: step.who, text: `autocomplete /${step.name} ${describeOptions(step.options)}: ${choices.join(' | ') || '(none)'}` });
      break;
    }
    case 'button':
    case 'select': {
      const found = findComponent(world, step.who, step.customId, place);
      if (!found) return { skipped: true };
      const where = found.message.guildId === null ? { guildId: null } : { channelId: found.message.channelId };
      exchange =
        step.kind === 'button'
          ? await fake.button({ customId: found.customId, message: found.message, user, locale, ...where, ...QUICK })
          : await fake.select({ customId: found.customId, message: found.message, values: step.values, user, locale, ...where, ...QUICK });
      break;
    }
    case 'modal':
      exchange = await fake.modalSubmit({ customId: step.customId, fields: forWorld(step.fields, world.index), user, locale, channelId: world.channels[place as Place], ...QUICK });
      break;
  }
  world.actorOf.set(exchange.interactionId, step.who);
  if (exchange.callback.type === 9) {
    // a form the actor sees (prefilled values are theirs)
    const d = answerOf(exchange) ?? {};
    const inputs = JSON.stringify(d.components ?? []).replace(/"custom_id":"[^"]*",?/g, '');
    world.shownToActor.push({ who: step.who, text: `form ${d.title ?? ''} ${inputs}` });
  }
  await quiesce(world);
  const title = String(answerOf(exchange)?.embeds?.[0]?.title ?? '');
  return { exchange, ephemeral: ((answerOf(exchange)?.flags ?? 0) & EPHEMERAL) === EPHEMERAL, refused: REFUSAL_TITLES.has(title) };
}

/** Until no command is in flight and no request has reached the fake for a while (twice in a row). */
export async function quiesce(world: FuzzWorld): Promise<void> {
  const { h } = world;
  let quiet = 0;
  let last = -1;
  for (let i = 0; i < 400 && quiet < 2; i++) {
    await h.bot.idle();
    await new Promise((r) => setTimeout(r, 15));
    const count = h.fake.requests.length;
    quiet = count === last ? quiet + 1 : 0;
    last = count;
  }
}

export function describeOptions(options: Opt[] | undefined): string {
  return (options ?? [])
    .map((o) => {
      if (o.options) return `${o.name}${o.options.length ? ` ${describeOptions(o.options)}` : ''}`;
      const v = o.value;
      const shown = typeof v === 'object' && v !== null ? ('user' in v ? `@${v.user}` : `file ${v.file.filename}`) : JSON.stringify(v);
      return `${o.name}:${shown}${o.focused ? '(typing)' : ''}`;
    })
    .join(' ');
}

export function describeStep(step: Step): string {
  const opts = (o: PerWorld<Opt[]> | undefined) => {
    if (o && typeof o === 'object' && 'worlds' in o) return `{X: ${describeOptions(o.worlds[0])} | Y: ${describeOptions(o.worlds[1])}}`;
    return describeOptions(o as Opt[] | undefined);
  };
  const where = step.place && step.place !== 'main' ? ` in ${step.place}` : '';
  switch (step.kind) {
    case 'command':
      return `${step.who}: /${step.name} ${opts(step.options)}${where}${step.only !== undefined ? ` (world ${'XY'[step.only]} only)` : ''}`;
    case 'autocomplete':
      return `${step.who}: autocomplete /${step.name} ${describeOptions(step.options)}${where}`;
    case 'button':
      return `${step.who}: press ${step.customId}${where}`;
    case 'select':
      return `${step.who}: select ${step.values.join(',')} in ${step.customId}${where}`;
    case 'modal':
      return `${step.who}: submit form ${step.customId}${where}`;
  }
}
