// Korean particles that depend on the word before them: 은/는, 이/가, 을/를, 와/과, 으로/로, 이나/나 …
// A catalog writes `{name#을}` right after `{name}` (or `{name|을}` for both at once) and gets the form
// that fits the name's last sound: 세이버를, 린을, 아처와, 길가메시로. `{#을}` alone fits whatever the
// template printed just before it (`{name}({territory}){#으로}`: one particle, for the word printed last).
//
// The particle follows the word as a Korean reader says it, so the last word is read aloud first
// (readingOf below): Hangul by its final consonant; numbers as Sino-Korean numerals; Latin letters by
// their English pronunciation; kana by their sound. Trailing markup, quotes, punctuation and closing
// brackets are skipped, so `遠坂邸(대영지)` takes the particle of 대영지, the word printed last.

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
  이면: ['이면', '면'],
  면: ['이면', '면'],
};

/** Final consonants (jongseong indexes) the readings below end in; 0 is none (an open syllable). */
const NONE = 0;
const GIYEOK = 1; // ㄱ: 백, 억, 육, 북, 매직
const NIEUN = 4; // ㄴ: 천, 만, 엔, 린
const RIEUL = 8; // ㄹ: 일, 칠, 팔, 엘, 알
const MIEUM = 16; // ㅁ: 삼, 엠, 골렘
const BIEUP = 17; // ㅂ: 십, 컵
const SIOT = 19; // ㅅ: 캣, 킷
const IEUNG = 21; // ㅇ: 영, 경, 킹

/** Trailing characters a reader does not pronounce: spaces, markdown, quotes, closing brackets, sentence marks. */
const SILENT_TAIL = /[\s*_~`'"’”」』）)\]】〕》>}.,!?:;…。、！？]+$/u;

const DISCORD_MENTION = /<(?:[@#][!&]?\d+|\/[^>]+:\d+|t:\d+(?::\w)?|a?:\w+:\d+)>$/u;

/** The digits read one by one (after a decimal point, or the last digit of a number): 영 일 이 삼 사 오 육 칠 팔 구. */
const DIGIT = [IEUNG, RIEUL, NONE, MIEUM, NONE, NONE, GIYEOK, RIEUL, RIEUL, NONE];

/** Final-consonant index of a word's last sound: 0 for none, else the jongseong (ㄹ = 8), null if unknown. */
export function finalConsonant(word: string): number | null {
  // A Discord mention (<@123>, <#123>, <t:…>) shows a name the text does not hold: its reading is unknown.
  if (DISCORD_MENTION.test(word.replace(/[\s*_~`]+$/u, ''))) return null;
  const trimmed = word.normalize('NFKC').replace(SILENT_TAIL, '');
  const last = [...trimmed].pop();
  if (!last) return null;
  const code = last.codePointAt(0)!;
  if (code >= 0xac00 && code <= 0xd7a3) return (code - 0xac00) % 28;
  if (/\d/.test(last)) return numberEnding(trimmed);
  if (last === '%') return NONE; // 퍼센트
  // Japanese kana: ン reads as ㄴ; everything else ends in a vowel.
  if (/[ンん]/u.test(last)) return NIEUN;
  if (/[\u3040-\u30ff]/u.test(last)) return NONE;
  const latin = /[A-Za-z]+$/.exec(trimmed)?.[0];
  if (latin) return latinEnding(latin);
  return null; // kanji, emoji, other scripts: the reading is unknown
}

/**
 * A number as Sino-Korean numerals: what it ends in decides. 3 삼, 10 십, 20 이십, 100 백, 1000 천,
 * 10000 만 (up to 천만), 억, 조, 경; 0 영. Signs and thousands separators are not read; after a decimal
 * point the digits are read one by one (1.5 일 점 오).
 */
function numberEnding(text: string): number {
  const number = /(\d[\d,]*)(?:\.(\d+))?$/.exec(text)!;
  if (number[2]) return DIGIT[Number(number[2].at(-1))]!;
  const digits = number[1]!.replace(/,/g, '').replace(/^0+(?=\d)/, '');
  if (/^0+$/.test(digits)) return IEUNG; // 영
  const zeros = /0*$/.exec(digits)![0].length;
  if (zeros === 0) return DIGIT[Number(digits.at(-1))]!;
  if (zeros === 1) return BIEUP; // 십
  if (zeros === 2) return GIYEOK; // 백
  if (zeros === 3) return NIEUN; // 천
  if (zeros < 8) return NIEUN; // 만, 십만, 백만, 천만
  if (zeros < 12) return GIYEOK; // 억
  if (zeros < 16) return NONE; // 조
  return IEUNG; // 경
}

/** Letters spelled alone (HP, GM, a single `L`): the letter names 에이 비 시 … 엘 엠 엔 … 알 …. */
const LETTER_NAME: Record<string, number> = { L: RIEUL, M: MIEUM, N: NIEUN, R: RIEUL };

/**
 * A Latin word as its English pronunciation is written in Hangul (a practical rule, not a dictionary):
 * - spelled as letters when it is one letter or an all-capital word of up to three letters, or has no vowel
 *   (HP 에이치피, GM 지엠, MP 엠피, NPC 엔피시);
 * - -ng ㅇ (King 킹), -m ㅁ (Golem 골렘), -n ㄴ (Rin 린), -l and -le ㄹ (Hall 홀, Castle 캐슬);
 * - an open syllable for vowels, -r (Saber 세이버), -w, -h (Rush 러시, Smith 스미스), -s -z -x -f -v -j
 *   (Ravens 레이븐스), voiced stops -b -d -g (Squad 스쿼드), a silent -e after a consonant (Blade
 *   블레이드, Rose 로즈), except -me ㅁ (Game 게임) and -ne ㄴ (Line 라인);
 * - -c, -ck ㄱ (Magic 매직, Jack 잭); -t -k -p right after one short vowel close the syllable (Cat 캣,
 *   Kick 킥, Cup 컵), after a consonant or a long vowel they get 으 (Knight 나이트, Desk 데스크, Meet 미트),
 *   except -ook ㄱ (Book 북).
 * Its limits: names from other languages (French, Spanish silent endings), irregular spellings and
 * words a community transliterates against the rule; those read as the rule says.
 */
function latinEnding(word: string): number {
  const spelled = word.length === 1 || (word.length <= 3 && word === word.toUpperCase()) || !/[aeiouy]/i.test(word);
  if (spelled) return LETTER_NAME[word.at(-1)!.toUpperCase()] ?? NONE;
  const w = word.toLowerCase();
  if (/ng$/.test(w)) return IEUNG;
  if (/m[bn]?$/.test(w)) return MIEUM;
  if (/g?n$/.test(w)) return NIEUN;
  if (/(l|le)$/.test(w)) return RIEUL;
  if (/[aeiouy]e$/.test(w)) return NONE;
  if (/me$/.test(w)) return MIEUM;
  if (/ne$/.test(w)) return NIEUN;
  if (/e$/.test(w)) return NONE;
  if (/ck$|c$/.test(w)) return GIYEOK;
  if (/oo[kp]$/.test(w)) return /k$/.test(w) ? GIYEOK : BIEUP;
  if (/(^|[^aeiouy])[aeiou][tkp]$/.test(w)) return { t: SIOT, k: GIYEOK, p: BIEUP }[w.at(-1) as 't' | 'k' | 'p'];
  return NONE; // vowels, r, w, h, s, z, x, f, v, j, b, d, g, q, and stops after a consonant or a long vowel
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
