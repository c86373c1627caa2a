// Issue 30 §3, the pure part of speaking as a character: the name a post carries never tells a
// servant's hidden true name (seed 001 L297–314; told by 使用時真名判明, L1470, it may), which typed
// message speaks for which character, and what an attached face is by its first bytes.
import { describe, expect, it } from 'vitest';
import { faceUrlProblem, imageType, matchPrefix, prefixProblem, publicName } from '../../../src/core/speech/speaker.js';
import type { CharacterSheet } from '../../../src/core/fate/sheet/types.js';

const servant = (trueName: string, className = 'セイバー'): CharacterSheet => ({ type: 'servant', name: trueName, servant: { origin: '', className, trueName } }) as unknown as CharacterSheet;
const master = { type: 'master', name: '遠坂' } as unknown as CharacterSheet;

describe('publicName', () => {
  it('a hidden true name gives way to the class, else 名無し; a revealed one stands (L297–314, L1470)', () => {
    expect(publicName('アルトリア', servant('アルトリア'), false, undefined)).toBe('セイバー');
    expect(publicName('アルトリア', servant('アルトリア', ''), false, undefined)).toBe('名無し');
    expect(publicName('アルトリア', servant('アルトリア'), true, undefined)).toBe('アルトリア');
    // a display name hiding nothing is used; one telling it (folded for width and kana) is not
    expect(publicName('アルトリア', servant('アルトリア'), false, { name: '剣の英霊' })).toBe('剣の英霊');
    expect(publicName('セイバー', servant('アルトリア'), false, { name: 'ｱﾙﾄﾘｱ様' })).toBe('セイバー');
    expect(publicName('セイバー', servant('アルトリア'), false, { name: 'あるとりあ' })).toBe('セイバー');
    expect(publicName('遠坂', master, undefined, { name: '  ' })).toBe('遠坂');
  });
});

describe('matchPrefix', () => {
  const entries = [
    { prefix: '!セイバー', id: 1 },
    { prefix: 's:', id: 2 },
    { prefix: '!セイバーオルタ', id: 3 },
  ];
  it('the longest prefix wins; a word prefix needs a space after it, a mark prefix does not; no words, no post', () => {
    expect(matchPrefix('!セイバー 問おう', entries)).toMatchObject({ entry: { id: 1 }, text: '問おう' });
    expect(matchPrefix('!セイバーオルタ 私だ', entries)).toMatchObject({ entry: { id: 3 }, text: '私だ' });
    expect(matchPrefix('!セイバーズ 違う', entries)).toBeNull();
    expect(matchPrefix('s:hello\nworld', entries)).toMatchObject({ entry: { id: 2 }, text: 'hello\nworld' });
    expect(matchPrefix('S:Loud', entries)).toMatchObject({ entry: { id: 2 }, text: 'Loud' });
    expect(matchPrefix('！セイバー　全角', entries)).toMatchObject({ entry: { id: 1 }, text: '全角' });
    expect(matchPrefix('!セイバー   ', entries)).toBeNull();
    expect(matchPrefix('ただの会話', entries)).toBeNull();
  });
  it('prefixes are one word, not a slash command', () => {
    expect(prefixProblem('!セイバー')).toBeNull();
    expect(prefixProblem('two words')).toBe('space');
    expect(prefixProblem('/say')).toBe('slash');
    expect(prefixProblem('x'.repeat(21))).toBe('length');
  });
});

describe('faces', () => {
  it('an attached image is what its first bytes say: PNG, JPEG, WebP, GIF, or nothing', () => {
    expect(imageType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1]))).toBe('png');
    expect(imageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(imageType(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
    expect(imageType(Buffer.from('GIF89a'))).toBe('gif');
    expect(imageType(Buffer.from('GIF87a'))).toBe('gif');
    expect(imageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(imageType(Buffer.from('RIFF\0\0\0\0WAVE'))).toBeNull();
  });
  it('a face link is https, one line, at most 2048 characters', () => {
    expect(faceUrlProblem('https://example.com/a.png')).toBeNull();
    expect(faceUrlProblem('http://example.com/a.png')).toBe('scheme');
    expect(faceUrlProblem('javascript:alert(1)')).toBe('scheme');
    expect(faceUrlProblem(`https://example.com/${'a'.repeat(2048)}`)).toBe('length');
  });
});
