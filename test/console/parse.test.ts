import { SlashCommandBuilder } from '@discordjs/builders';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/services/errors.js';
import { parseConsoleOptions, tokenize } from '../../src/console/parse.js';
import { caught } from '../helpers/caught.js';

const users = (name: string) => ({ id: `console:${name}`, name });

const rollLike = new SlashCommandBuilder()
  .setName('roll')
  .setDescription('d')
  .addStringOption((o) => o.setName('expression').setDescription('d').setRequired(true).setMaxLength(10).setNameLocalizations({ ja: '式' }))
  .addStringOption((o) => o.setName('comment').setDescription('d'))
  .addBooleanOption((o) => o.setName('secret').setDescription('d'))
  .addIntegerOption((o) => o.setName('n').setDescription('d').setMinValue(1).setMaxValue(5))
  .toJSON();

const withSubs = new SlashCommandBuilder()
  .setName('gm')
  .setDescription('d')
  .addSubcommand((s) => s.setName('claim').setDescription('d').setNameLocalizations({ ja: '就任' }))
  .addSubcommand((s) => s.setName('set').setDescription('d').addUserOption((o) => o.setName('user').setDescription('d').setRequired(true)))
  .toJSON();

const refusal = (fn: () => unknown): UserError => caught(fn, UserError);

describe('console option parsing', () => {
  it('tokenizes with quotes', () => {
    expect(tokenize('8d6<=4 comment:"two words" x')).toEqual(['8d6<=4', 'comment:two words', 'x']);
  });

  it('leading words fill the required option; name:value sets others; words continue the last option', () => {
    const o = parseConsoleOptions(rollLike, '2d6 +3 comment:attack on saber secret:yes n:3', users);
    expect(o.string('expression')).toBe('2d6 +3');
    expect(o.string('comment')).toBe('attack on saber');
    expect(o.boolean('secret')).toBe(true);
    expect(o.integer('n')).toBe(3);
    expect(o.subcommand()).toBeNull();
  });

  it('accepts localized option names', () => {
    expect(parseConsoleOptions(rollLike, '式:1d6', users).string('expression')).toBe('1d6');
  });

  it('refuses what Discord would refuse: missing, too long, out of range, bad boolean', () => {
    expect(refusal(() => parseConsoleOptions(rollLike, 'comment:x', users)).key).toBe('error.missingOption');
    expect(refusal(() => parseConsoleOptions(rollLike, '12345678901', users))).toMatchObject({ key: 'error.tooLong', params: { max: 10 } });
    expect(refusal(() => parseConsoleOptions(rollLike, '1d6 n:9', users)).key).toBe('error.badOptionValue');
    expect(refusal(() => parseConsoleOptions(rollLike, '1d6 secret:maybe', users)).key).toBe('error.badOptionValue');
  });

  it('reads subcommands (also localized) and user options', () => {
    expect(parseConsoleOptions(withSubs, '就任', users).subcommand()).toBe('claim');
    const set = parseConsoleOptions(withSubs, 'set user:@alice', users);
    expect(set.subcommand()).toBe('set');
    expect(set.user('user')).toEqual({ id: 'console:alice', name: 'alice' });
    expect(refusal(() => parseConsoleOptions(withSubs, 'dance', users)).key).toBe('error.badOptionValue');
    expect(refusal(() => parseConsoleOptions(withSubs, 'claim stray', users)).key).toBe('error.unknownOption');
  });
});
