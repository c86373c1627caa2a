// The fake refuses or transforms exactly what Discord would (issue 19 §3), proven with a bare discord.js
// client: what the user's client can send as options, what the API refuses in a bot's messages and
// modals (400 / 50035 with Discord's nested error tree), the 3 s / 15 min interaction deadlines, and
// where the client offers a command at all (guild-only commands are not offered in a DM).
/* eslint-disable @typescript-eslint/no-explicit-any */
import {
  Client,
  DiscordAPIError,
  Events,
  GatewayIntentBits,
  InteractionContextType,
  Routes,
  SlashCommandBuilder,
  type Interaction,
} from 'discord.js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeDiscord, type FakeDiscord } from './fake-discord/index.js';

let fake: FakeDiscord;
let client: Client;
/** Skew of the fake's clock, so the deadlines can be crossed without waiting. */
let skew = 0;
/** What the bot does with the next interaction; the default echoes the options it received. */
let answer: (i: Interaction) => Promise<void>;
let lastError: unknown;

const echo = async (i: Interaction): Promise<void> => {
  if (!i.isChatInputCommand()) return;
  const options = i.options.data.flatMap((o) => (o.options ? o.options : [o]));
  await i.reply(JSON.stringify(Object.fromEntries(options.map((o) => [o.name, o.value]))) || '{}');
};

/** Answers the interaction with a raw callback body (no builder in between, as any bot could send). */
const callback = (body: unknown) => async (i: Interaction) => {
  await client.rest.post(Routes.interactionCallback(i.id, i.token), { body, auth: false });
};

const COMMANDS = [
  {
    name: 'say',
    description: 'Echo a text',
    options: [
      { type: 3, name: 'text', description: 'Text', required: true, max_length: 20, min_length: 2 },
      { type: 4, name: 'count', description: 'Count', min_value: -5, max_value: 5 },
      { type: 3, name: 'mood', description: 'Mood', choices: [{ name: 'Calm', value: 'calm' }, { name: 'Loud', value: 'loud' }] },
    ],
  },
  {
    name: 'num',
    description: 'Numbers without bounds',
    options: [
      { type: 4, name: 'int', description: 'An integer' },
      { type: 10, name: 'real', description: 'A number' },
    ],
  },
  {
    name: 'sheet',
    description: 'Sub-commands',
    options: [{ type: 1, name: 'show', description: 'Show', options: [{ type: 3, name: 'name', description: 'Name', required: true }] }],
  },
  { name: 'reply', description: 'Answers as the test says' },
  {
    name: 'find',
    description: 'Autocomplete',
    options: [
      { type: 3, name: 'q', description: 'Query', required: true, autocomplete: true },
      { type: 3, name: 'plain', description: 'No autocomplete' },
    ],
  },
  // Where the client offers a command, registered as the discord.js builders write it.
  new SlashCommandBuilder().setName('tableonly').setDescription('dm_permission: false').setDMPermission(false).toJSON(),
  new SlashCommandBuilder().setName('inguild').setDescription('contexts [GUILD]').setContexts(InteractionContextType.Guild).toJSON(),
  new SlashCommandBuilder().setName('indm').setDescription('contexts [BOT_DM]').setContexts(InteractionContextType.BotDM).toJSON(),
  // Once `contexts` is present Discord ignores dm_permission: this one is offered in DMs.
  { name: 'both', description: 'contexts win', dm_permission: false, contexts: [0, 1] },
  {
    name: 'lookup',
    description: 'Guild-only autocomplete',
    dm_permission: false,
    options: [{ type: 3, name: 'q', description: 'Query', required: true, autocomplete: true }],
  },
];

beforeAll(async () => {
  fake = await startFakeDiscord({ now: () => Date.now() + skew });
  client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: fake.apiBase } });
  client.on(Events.InteractionCreate, (i) => {
    answer(i).catch((error: unknown) => (lastError = error));
  });
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login(fake.token);
  await ready;
  await fake.waitForIdentify();
  await client.rest.put(Routes.applicationCommands(fake.applicationId), { body: COMMANDS });
});

afterEach(() => {
  answer = echo;
  skew = 0;
  lastError = undefined;
});
answer = echo;

afterAll(async () => {
  await client?.destroy();
  await fake?.close();
});

const said = async (options: any[], name = 'say'): Promise<any> => JSON.parse((await fake.command({ name, options })).callback.data.content);

describe('what Discord’s client can send as options', () => {
  it('turns each line break in a STRING option into a space (the input box has none)', async () => {
    expect(await said([{ name: 'text', value: 'a\nb\r\nc\rd' }])).toEqual({ text: 'a b c d' });
    // Also for a command the bot never registered: no client can type a newline anywhere.
    answer = echo;
    const ex = await fake.command({ name: 'unregistered', options: [{ name: 'x', value: 'one\ntwo' }] });
    expect(ex.payload.data.options[0].value).toBe('one two');
  });

  it('refuses INTEGER options outside ±2^53 or not whole, and NUMBER options that are not finite', async () => {
    expect(await said([{ name: 'int', value: 2 ** 53 }, { name: 'real', value: -(2 ** 53) }], 'num')).toEqual({ int: 2 ** 53, real: -(2 ** 53) });
    expect(() => fake.command({ name: 'num', options: [{ name: 'int', value: 2 ** 53 + 2 }] })).toThrow(/outside -2\^53\.\.2\^53/);
    expect(() => fake.command({ name: 'num', options: [{ name: 'int', type: 4, value: 1.5 }] })).toThrow(/not a whole number/);
    expect(() => fake.command({ name: 'num', options: [{ name: 'real', value: Number.POSITIVE_INFINITY }] })).toThrow(/not a finite number/);
    expect(() => fake.command({ name: 'num', options: [{ name: 'real', type: 10, value: Number.NaN }] })).toThrow(/not a finite number/);
    expect(() => fake.command({ name: 'num', options: [{ name: 'int', value: 'twelve' }] })).toThrow(/not a finite number/);
    // What a user types is digits: a numeric string arrives as the number.
    expect(await said([{ name: 'int', value: '2147483648' }], 'num')).toEqual({ int: 2147483648 });
  });

  it('refuses what the registered definition forbids: length, min/max value, choices, required, unknown options', async () => {
    expect(await said([{ name: 'text', value: 'x'.repeat(20) }])).toEqual({ text: 'x'.repeat(20) });
    // max_length counts characters (code points), as Discord does.
    expect(await said([{ name: 'text', value: '🎲'.repeat(20) }])).toEqual({ text: '🎲'.repeat(20) });
    expect(() => fake.command({ name: 'say', options: [{ name: 'text', value: 'x'.repeat(21) }] })).toThrow(/21 characters, registered max_length 20/);
    expect(() => fake.command({ name: 'say', options: [{ name: 'text', value: 'x' }] })).toThrow(/min_length 2/);
    expect(() => fake.command({ name: 'say', options: [{ name: 'text', value: 'hi' }, { name: 'count', value: 6 }] })).toThrow(/above the registered max_value 5/);
    expect(() => fake.command({ name: 'say', options: [{ name: 'text', value: 'hi' }, { name: 'count', value: -6 }] })).toThrow(/below the registered min_value -5/);
    expect(() => fake.command({ name: 'say', options: [{ name: 'text', value: 'hi' }, { name: 'mood', value: 'angry' }] })).toThrow(/not among the registered choices/);
    expect(() => fake.command({ name: 'say', options: [{ name: 'count', value: 1 }] })).toThrow(/required option "text" is missing/);
    expect(() => fake.command({ name: 'say', options: [{ name: 'text', value: 'hi' }, { name: 'colour', value: 'red' }] })).toThrow(/no option "colour"/);
    expect(await said([{ name: 'text', value: 'hi' }, { name: 'mood', value: 'loud' }, { name: 'count', value: 5 }])).toEqual({ text: 'hi', mood: 'loud', count: 5 });
  });

  it('takes a sub-command’s type and options from the registration, and requires one', async () => {
    expect(await said([{ name: 'show', options: [{ name: 'name', value: 'セイバー\n2' }] }], 'sheet')).toEqual({ name: 'セイバー 2' });
    expect(() => fake.command({ name: 'sheet' })).toThrow(/a sub-command is required/);
    expect(() => fake.command({ name: 'sheet', options: [{ name: 'show', options: [] }] })).toThrow(/required option "name"/);
  });

  it('lets an autocomplete request carry partial input for one option registered with autocomplete, without line breaks', async () => {
    let focused: unknown;
    answer = async (i) => {
      if (!i.isAutocomplete()) return;
      focused = i.options.getFocused();
      await i.respond([]);
    };
    await fake.autocomplete({ name: 'find', options: [{ name: 'q', value: 'a\nb', focused: true }] });
    expect(focused).toBe('a b');
    expect(() => fake.autocomplete({ name: 'find', options: [{ name: 'plain', value: 'x', focused: true }] })).toThrow(/not registered with autocomplete: true/);
    expect(() => fake.autocomplete({ name: 'find', options: [{ name: 'q', value: 'x' }] })).toThrow(/exactly one focused option, not 0/);
  });
});

/** The exchange fails loudly, naming Discord's reasons; the bot's own request got DiscordAPIError 50035. */
async function refused(body: unknown, reason: RegExp): Promise<void> {
  answer = callback(body);
  await expect(fake.command({ name: 'reply', timeoutMs: 400 })).rejects.toThrow(reason);
  expect(lastError).toBeInstanceOf(DiscordAPIError);
  expect((lastError as DiscordAPIError).code).toBe(50035);
  expect((lastError as DiscordAPIError).message).toMatch(reason);
}

const button = (id: string, label = 'Go') => ({ type: 2, style: 1, custom_id: id, label });
const row = (...components: unknown[]) => ({ type: 1, components });
const select = (id: string, n: number, long = { label: 1, value: 1 }) => ({
  type: 3,
  custom_id: id,
  options: Array.from({ length: n }, (_, k) => ({ label: `${k}`.padEnd(long.label, 'l'), value: `${k}`.padEnd(long.value, 'v') })),
});

describe('what Discord refuses in a bot’s message (400 / 50035 Invalid Form Body)', () => {
  it('accepts the largest valid layout: 5 rows, 5 buttons each, a select of 25 options alone in its row', async () => {
    const rows = [0, 1, 2, 3].map((r) => row(...[0, 1, 2, 3, 4].map((b) => button(`b${r}${b}`, 'x'.repeat(80)))));
    answer = callback({ type: 4, data: { content: 'c'.repeat(2000), components: [...rows, row(select('s'.repeat(100), 25, { label: 100, value: 100 }))] } });
    const ex = await fake.command({ name: 'reply' });
    expect(ex.callback.data.components).toHaveLength(5);
    expect(fake.rejections()).toEqual([]);
  });

  it('refuses each broken component limit, with the path discord.js prints', async () => {
    await refused({ type: 4, data: { components: [1, 2, 3, 4, 5, 6].map((r) => row(button(`r${r}`))) } }, /data\.components\[BASE_TYPE_MAX_LENGTH\]/);
    await refused({ type: 4, data: { components: [row(...[1, 2, 3, 4, 5, 6].map((b) => button(`b${b}`)))] } }, /data\.components\[0\]\.components\[BASE_TYPE_BAD_LENGTH\]/);
    await refused({ type: 4, data: { components: [row(select('s', 2), button('b'))] } }, /COMPONENT_LAYOUT_WIDTH_EXCEEDED/);
    await refused({ type: 4, data: { components: [row(select('s', 26))] } }, /data\.components\[0\]\.components\[0\]\.options\[BASE_TYPE_BAD_LENGTH\]/);
    await refused({ type: 4, data: { components: [row(button('x'.repeat(101)))] } }, /components\[0\]\.custom_id\[BASE_TYPE_BAD_LENGTH\]/);
    await refused({ type: 4, data: { components: [row(button('same')), row(button('same'))] } }, /COMPONENT_CUSTOM_ID_DUPLICATED/);
    await refused({ type: 4, data: { components: [row(button('b', 'x'.repeat(81)))] } }, /label\[BASE_TYPE_MAX_LENGTH\]: Must be 80 or fewer/);
    await refused({ type: 4, data: { components: [row(select('s', 1, { label: 101, value: 1 }))] } }, /options\[0\]\.label\[BASE_TYPE_BAD_LENGTH\]/);
    await refused({ type: 4, data: { components: [row(select('s', 1, { label: 1, value: 101 }))] } }, /options\[0\]\.value\[BASE_TYPE_BAD_LENGTH\]/);
    await refused({ type: 4, data: { content: 'c'.repeat(2001) } }, /data\.content\[BASE_TYPE_MAX_LENGTH\]: Must be 2000 or fewer/);
    await refused({ type: 4, data: { embeds: [{ description: 'd'.repeat(4097) }] } }, /data\.embeds\[0\]\.description\[BASE_TYPE_MAX_LENGTH\]/);
  });

  it('applies the same limits to channel messages, DMs, follow-ups, edits and updates', async () => {
    const tooMany = { components: [row(...[1, 2, 3, 4, 5, 6].map((b) => button(`b${b}`)))] };
    const code = (p: Promise<unknown>) => p.then(() => 0, (e: DiscordAPIError) => e.code);
    expect(await code(client.rest.post(Routes.channelMessages(fake.channelId), { body: tooMany }))).toBe(50035);
    expect(await code(client.rest.post(Routes.channelMessages(fake.dmChannelId(fake.users.player.id)), { body: { content: 'x'.repeat(2001) } }))).toBe(50035);
    const sent: any = await client.rest.post(Routes.channelMessages(fake.channelId), { body: { content: 'ok' } });
    expect(await code(client.rest.patch(Routes.channelMessage(fake.channelId, sent.id), { body: tooMany }))).toBe(50035);

    answer = callback({ type: 4, data: { content: 'first', components: [row(button('again'))] } });
    const ex = await fake.command({ name: 'reply' });
    const token = ex.payload.token;
    expect(await code(client.rest.post(Routes.webhook(fake.applicationId, token), { body: tooMany, auth: false }))).toBe(50035);
    expect(await code(client.rest.patch(Routes.webhookMessage(fake.applicationId, token, '@original'), { body: tooMany, auth: false }))).toBe(50035);
    answer = callback({ type: 7, data: tooMany });
    await expect(fake.button({ customId: 'again', timeoutMs: 400 })).rejects.toThrow(/Invalid Form Body: data\.components\[0\]\.components/);
  });

  it('keeps a Components V2 message one on edit, and counts its components (≤ 40 in all)', async () => {
    const code = (p: Promise<unknown>) => p.then(() => 0, (e: DiscordAPIError) => e.code);
    const text = (k: number) => ({ type: 10, content: `line ${k}` });
    const v2: any = await client.rest.post(Routes.channelMessages(fake.channelId), { body: { flags: 1 << 15, components: [text(0), row(button('v2'))] } });
    expect(await code(client.rest.patch(Routes.channelMessage(fake.channelId, v2.id), { body: { content: 'legacy' } }))).toBe(50035);
    expect(await code(client.rest.patch(Routes.channelMessage(fake.channelId, v2.id), { body: { components: [text(1)] } }))).toBe(0);
    const many = { flags: 1 << 15, components: [{ type: 17, components: Array.from({ length: 40 }, (_, k) => text(k)) }] };
    expect(await code(client.rest.post(Routes.channelMessages(fake.channelId), { body: many }))).toBe(50035);
    many.components[0]!.components.pop();
    expect(await code(client.rest.post(Routes.channelMessages(fake.channelId), { body: many }))).toBe(0);
  });
});

const input = (id: string, extra: Record<string, unknown> = {}) => row({ type: 4, custom_id: id, label: 'Label', style: 2, ...extra });
const modal = (data: Record<string, unknown>) => ({ type: 9, data: { custom_id: 'form', title: 'Title', components: [input('a')], ...data } });

describe('what Discord refuses in a modal', () => {
  it('accepts a modal at every limit: title 45, 5 inputs, label 45, custom_id 100, max_length 4000, value 4000', async () => {
    const fields = [1, 2, 3, 4].map((k) => input(`f${k}`, { label: 'l'.repeat(45), placeholder: 'p'.repeat(100) }));
    answer = callback(modal({ title: 't'.repeat(45), components: [...fields, input('i'.repeat(100), { max_length: 4000, value: 'v'.repeat(4000) })] }));
    const ex = await fake.command({ name: 'reply' });
    expect(ex.callback.type).toBe(9);
  });

  it('refuses each broken modal limit', async () => {
    await refused(modal({ title: 't'.repeat(46) }), /data\.title\[BASE_TYPE_BAD_LENGTH\]: Must be between 1 and 45/);
    await refused(modal({ title: '' }), /data\.title\[BASE_TYPE_BAD_LENGTH\]/);
    await refused(modal({ components: [1, 2, 3, 4, 5, 6].map((k) => input(`f${k}`)) }), /data\.components\[BASE_TYPE_BAD_LENGTH\]: Must be between 1 and 5/);
    await refused(modal({ components: [input('a', { label: 'l'.repeat(46) })] }), /components\[0\]\.label\[BASE_TYPE_BAD_LENGTH\]/);
    await refused(modal({ components: [input('c'.repeat(101))] }), /components\[0\]\.custom_id\[BASE_TYPE_BAD_LENGTH\]/);
    await refused(modal({ custom_id: 'c'.repeat(101) }), /data\.custom_id\[BASE_TYPE_BAD_LENGTH\]/);
    await refused(modal({ components: [input('a', { max_length: 4001 })] }), /max_length\[NUMBER_TYPE_MAX\]/);
    await refused(modal({ components: [input('a', { max_length: 10, value: 'v'.repeat(11) })] }), /value\[BASE_TYPE_MAX_LENGTH\]: Must be 10 or fewer/);
    await refused(modal({ components: [input('a', { placeholder: 'p'.repeat(101) })] }), /placeholder\[BASE_TYPE_MAX_LENGTH\]/);
    await refused(modal({ components: [input('a'), input('a')] }), /COMPONENT_CUSTOM_ID_DUPLICATED/);
    await refused(modal({ components: [row({ type: 4, custom_id: 'a', label: 'x', style: 1 }, { type: 4, custom_id: 'b', label: 'y', style: 1 })] }), /components\[0\]\.components\[BASE_TYPE_BAD_LENGTH\]/);
  });
});

describe('what a user can pick and type into the bot’s components', () => {
  it('a select sends only offered values, min_values..max_values of them', async () => {
    answer = callback({ type: 4, data: { components: [row({ ...select('pick', 3), max_values: 2 })] } });
    await fake.command({ name: 'reply' });
    expect(() => fake.select({ customId: 'pick', values: ['9'] })).toThrow(/\["9"\] not among its options \(0, 1, 2\)/);
    expect(() => fake.select({ customId: 'pick', values: ['0', '1', '2'] })).toThrow(/3 value\(s\) picked, the menu takes 1\.\.2/);
    expect(() => fake.select({ customId: 'pick', values: [] })).toThrow(/0 value\(s\) picked/);
    answer = callback({ type: 6 });
    const ex = await fake.select({ customId: 'pick', values: ['0', '2'], until: () => true });
    expect(ex.payload.data.values).toEqual(['0', '2']);
  });

  it('a disabled button cannot be clicked', async () => {
    answer = callback({ type: 4, data: { components: [row({ ...button('off'), disabled: true }, button('on'))] } });
    await fake.command({ name: 'reply' });
    expect(() => fake.button({ customId: 'off' })).toThrow(/it is disabled on the message/);
    answer = callback({ type: 4, data: { content: 'clicked' } });
    expect((await fake.button({ customId: 'on' })).callback.data.content).toBe('clicked');
  });

  it('a modal field takes what its max_length/min_length allow, and a required one cannot stay empty', async () => {
    answer = callback(modal({ custom_id: 'bounded', components: [input('a', { max_length: 5, min_length: 2 }), input('b', { required: false })] }));
    await fake.command({ name: 'reply' });
    expect(() => fake.modalSubmit({ customId: 'bounded', fields: { a: 'toolong' } })).toThrow(/7 characters, the field takes at most 5/);
    expect(() => fake.modalSubmit({ customId: 'bounded', fields: { a: 'x' } })).toThrow(/at least 2/);
    expect(() => fake.modalSubmit({ customId: 'bounded', fields: { a: '' } })).toThrow(/a required field left empty/);
    answer = callback({ type: 4, data: { content: 'thanks' } });
    const ex = await fake.modalSubmit({ customId: 'bounded', fields: { a: 'ok\nok', b: '' } });
    expect(ex.payload.data.components[0].components[0].value).toBe('ok\nok'); // a paragraph keeps its line breaks
  });
});

describe('Discord’s interaction deadlines (injectable clock)', () => {
  it('fails the interaction when the initial response comes after 3 s (10062 Unknown interaction)', async () => {
    answer = async (i) => {
      skew += 3001; // the bot took longer than Discord waits
      await callback({ type: 4, data: { content: 'late' } })(i);
    };
    // Whichever comes first — the fake seeing 3 s pass, or the late response arriving — the user saw
    // "This interaction failed", and the late response itself is refused with 10062.
    await expect(fake.command({ name: 'reply' })).rejects.toThrow(/This interaction failed.*(after dispatch \(Discord allows 3000 ms\): 10062|no initial response within 3000 ms)/);
    await vi.waitFor(() => expect((lastError as DiscordAPIError | undefined)?.code).toBe(10062));
  });

  it('fails the interaction when no initial response comes within 3 s', async () => {
    answer = async () => {
      skew += 3001;
    };
    await expect(fake.command({ name: 'reply' })).rejects.toThrow(/This interaction failed.*no initial response within 3000 ms/);
  });

  it('accepts follow-ups and edits for 15 minutes, then answers 401 / 50027 Invalid Webhook Token', async () => {
    answer = callback({ type: 5 });
    const ex = await fake.command({ name: 'reply', until: () => true });
    const token = ex.payload.token;
    skew = 15 * 60_000 - 1000;
    await client.rest.patch(Routes.webhookMessage(fake.applicationId, token, '@original'), { body: { content: 'in time' }, auth: false });
    expect(ex.original?.content).toBe('in time');
    skew = 15 * 60_000 + 1;
    const late = (p: Promise<unknown>) => p.then(() => null, (e: DiscordAPIError) => [e.status, e.code]);
    expect(await late(client.rest.patch(Routes.webhookMessage(fake.applicationId, token, '@original'), { body: { content: 'late' }, auth: false }))).toEqual([401, 50027]);
    expect(await late(client.rest.post(Routes.webhook(fake.applicationId, token), { body: { content: 'late' }, auth: false }))).toEqual([401, 50027]);
  });
});

describe('where Discord’s client offers a command (contexts, dm_permission, guild commands)', () => {
  const dm = { guildId: null } as const;

  it('refuses a guild-only command in a DM and sends it in a guild channel', async () => {
    expect(() => fake.command({ name: 'tableonly', ...dm })).toThrow(/\/tableonly: registered guild-only \(dm_permission: false\), the client does not offer it in a DM/);
    expect(() => fake.command({ name: 'inguild', ...dm })).toThrow(/\/inguild: registered guild-only \(contexts \[0\]\)/);
    expect(() => fake.autocomplete({ name: 'lookup', options: [{ name: 'q', value: 'a', focused: true }], ...dm })).toThrow(/\/lookup: registered guild-only/);
    expect((await fake.command({ name: 'tableonly' })).payload.guild_id).toBe(fake.guildId);
    expect((await fake.command({ name: 'inguild' })).payload.context).toBe(0);
  });

  it('sends a DM-allowed command in a DM: the default contexts, BOT_DM, and contexts over dm_permission', async () => {
    for (const name of ['reply', 'indm', 'both']) {
      const ex = await fake.command({ name, ...dm });
      expect(ex.payload.context).toBe(1);
      expect(ex.payload.guild_id).toBeUndefined();
    }
    expect(await said([{ name: 'text', value: 'hi' }])).toEqual({ text: 'hi' });
  });

  it('refuses a DM-only command in a server, and a command named in a DM channel with a guild', async () => {
    expect(() => fake.command({ name: 'indm' })).toThrow(/\/indm: registered with contexts \[1\], the client does not offer it in a server/);
    expect(() => fake.command({ name: 'reply', channelId: fake.dmChannelId(fake.users.player.id) })).toThrow(/a DM channel belongs to no guild/);
  });

  it('offers a guild command only in its guild, never in a DM', async () => {
    await client.rest.put(Routes.applicationGuildCommands(fake.applicationId, fake.guildId), { body: [{ name: 'local', description: 'Guild command' }] });
    try {
      expect(() => fake.command({ name: 'local', ...dm })).toThrow(/\/local: registered only as a command of guild \d+, which the client never offers in a DM/);
      expect((await fake.command({ name: 'local' })).payload.data.guild_id).toBe(fake.guildId);
    } finally {
      await client.rest.put(Routes.applicationGuildCommands(fake.applicationId, fake.guildId), { body: [] });
    }
  });
});
