// Which chat lines are read as rolls (issue 30 §2): conservative, so talk never meets a refusal. A line
// passes only when its first word (after `x3` and a secret `S`, full-width folded) holds a letter;
// mentions, links, quotes and code are talk; only the first line is read, and it is bounded.
import { describe, expect, it } from 'vitest';
import { CHAT_LINE_MAX, chatRollLine } from '../../src/services/chat-rolls.js';

describe('chatRollLine', () => {
  it('reads rolls as typed: BCDice commands, the seed’s pools, full-width, secret, repeated', () => {
    for (const line of ['2d6', '8d6<=4+3d6<=3 attack', 'ＣＣ<=50 目星', 'S2D6', 'ｓ２ｄ６', 'x3 2d6', 'choice[a,b]', 'CC', 'D66', '遭遇表']) expect(chatRollLine(line), line).toBe(line);
  });

  it('reads the first line only, trimmed', () => {
    expect(chatRollLine('  2d6 hit  \nand then she ran')).toBe('2d6 hit');
  });

  it('leaves talk alone: numbers, sums without dice, smileys, mentions, links, quotes, code, long lines', () => {
    for (const line of ['', '   ', '3 people', '100', '1+1', 'S100', 'x3 4', ':)', '<@123> 2d6', '<#1> hi', 'https://x.y/2d6', '> 2d6', '`2d6`', '||2d6||', 'x'.repeat(CHAT_LINE_MAX + 1)]) {
      expect(chatRollLine(line), line).toBeNull();
    }
  });
});
