// Korean particles that depend on the word before them: 은/는, 이/가, 을/를, 와/과, 으로/로, 이나/나 …
// A catalog writes `{name#을}` right after `{name}` (or `{name|을}` for both at once) and gets the form
// that fits the name's last sound: 세이버를, 린을, 아처와, 길가메시로.

/** Each particle pair: [after a final consonant, after a vowel]. 으로/로 also takes 로 after ㄹ. */
const PAIRS: Record<string, [string, string]> = {
  은: ['은', '는'],
  는: ['은', '는'],
  이: ['이', '가'],
  가: ['이', '가'],
  을: ['을', '를'],
  를: ['을', '를'],
  과: ['과', '와'],
  와: ['과', '와'],
  으로: ['으로', '로'],
  로: ['으로', '로'],
  이나: ['이나', '나'],
  나: ['이나', '나'],
  이랑: ['이랑', '랑'],
  랑: ['이랑', '랑'],
  아: ['아', '야'],
  야: ['아', '야'],
  이여: ['이여', '여'],
  여: ['이여', '여'],
  이라: ['이라', '라'],
  라: ['이라', '라'],
};

const RIEUL = 8; // ㄹ as a final consonant

/** Final-consonant index of a word's last sound: 0 for none, else the jongseong (ㄹ = 8), null if unknown. */
export function finalConsonant(word: string): number | null {
  const trimmed = word.replace(/[\s*_~`'"」』）)\]】]+$/u, '');
  const last = [...trimmed].pop();
  if (!last) return null;
  const code = last.codePointAt(0)!;
  if (code >= 0xac00 && code <= 0xd7a3) return (code - 0xac00) % 28;
  // Digits as read in Korean: 영 일 이 삼 사 오 육 칠 팔 구.
  const digit = '0123456789'.indexOf(last);
  if (digit >= 0) return [21, 8, 0, 16, 0, 0, 1, 8, 8, 0][digit]!;
  // Japanese kana: ン reads as ㄴ; everything else ends in a vowel.
  if (/[ンん]/u.test(last)) return 4;
  if (/[\u3040-\u30ff]/u.test(last)) return 0;
  // An acronym (HP, MP, GM) ends in its last letter's name: 엘, 엠, 엔, 알 close; the others are open.
  if (/(^|[^A-Za-z])[A-Z]$|[A-Z]{2,}$/.test(trimmed)) return 'LR'.includes(last) ? RIEUL : 'MN'.includes(last) ? 1 : 0;
  // Latin words, as a name is usually read: vowels, -r, -sh, -ch, -ge end open; m, n, ng, l and stops close.
  const lower = trimmed.toLowerCase();
  if (/[a-z]$/.test(lower)) {
    if (/l$/.test(lower)) return RIEUL;
    if (/([aeiouyrwhx]|sh|ch|ge|ce|se|ze)$/.test(lower)) return 0;
    return 1;
  }
  return null;
}

/** The particle that fits `word`; for a word of unknown reading, both forms (을(를)) as a last resort. */
export function particle(word: string, form: string): string {
  const pair = PAIRS[form];
  if (!pair) return form;
  const final = finalConsonant(word);
  if (final === null) return `${pair[0]}(${pair[1]})`;
  if (pair[0] === '으로') return final === 0 || final === RIEUL ? '로' : '으로';
  return final === 0 ? pair[1] : pair[0];
}
