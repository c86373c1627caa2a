import type { Catalogs } from '../index.js';

// Owned by the dice engine: error codes and the words its renderers print.
// Errors: `dice.error.<code>` (see DICE_ERROR_CODES); {column} is 1-based in what the user typed.
// Render templates receive pre-styled values ({value} may already be bold), so keep them whole.
export const diceMessages: Catalogs = {
  en: {
    'dice.reading.sum': 'Reading: the dice are added up.',
    'dice.reading.sumTarget': 'Reading: the SUM of the dice is compared with {target} ({cmp}), as in BCDice.',
    'dice.reading.count': 'Reading: each die is compared with its threshold and the successes are counted ({pools}).',
    'dice.reading.countTarget': 'Reading: the successes are counted ({pools}) and the achievement is compared with {target} ({cmp}).',
    'dice.reading.face': 'Reading: the one die is compared with {target} ({cmp}).',
    'dice.reading.bcdice': 'Reading: BCDice, game system {system}.',
    'dice.error.list_dice': 'Column {column}: B lists dice without a sum; this expression could not be read (try 5B6 or 8B6<=4 alone).',
    'dice.hint.poolNeverMeets': 'Note: no die can ever meet {pool}, so it counts 0 successes. To compare the sum with the target instead, write {sum}.',
    'dice.render.total': 'Total: {value}',
    'dice.render.achievement': 'Achievement: {value}',
    'dice.render.targetTotal': 'Total {value} {cmp} {target}: {outcome}',
    'dice.render.targetAchievement': 'Achievement {value} {cmp} {target}: {outcome}',
    'dice.render.targetRoll': 'Roll {value} {cmp} {target}: {outcome}',
    'dice.render.success': 'Success',
    'dice.render.failure': 'Failure',
    'dice.render.more': '… {count} more',
    'dice.render.repeat': 'Roll {index} of {count}',
    'dice.help.syntax':
      'NdX adds dice up (2d6+3). NdX<=T counts the dice showing T or less: 8d6<=4+3d6<=3+2 adds pools and modifiers into an achievement. ' +
      '(2d6)>=7 or 2d6+3>=10 checks a total against a target; 1d100<=50 passes or fails. ' +
      'd66 reads two d6 as tens and ones. 4d6kh3 keeps the highest 3 (kl keeps lowest, dh/dl drop). x3 8d6<=4 rolls three times.',

    'dice.error.empty': 'The dice expression is empty. Try 2d6+3 or 8d6<=4.',
    'dice.error.too_long': 'The dice expression is too long: {length} characters (at most {max}).',
    'dice.error.unexpected_char': "Column {column}: '{char}' cannot be used in a dice expression.",
    'dice.error.unexpected_token': "Column {column}: '{token}' does not belong here.",
    'dice.error.unexpected_end': "Column {column}: the expression stops after '{after}'; something is missing.",
    'dice.error.unclosed_paren': "Column {column}: this '(' is never closed.",
    'dice.error.expected_number': "Column {column}: expected a number after '{after}'.",
    'dice.error.too_many_dice': 'Column {column}: too many dice, {count} in total (at most {max}).',
    'dice.error.too_many_sides': 'Column {column}: a die can have at most {max} sides, not {sides}.',
    'dice.error.zero_sides': 'Column {column}: a die needs at least 1 side.',
    'dice.error.zero_dice': 'Column {column}: roll at least 1 die.',
    'dice.error.bad_keep': "Column {column}: '{spelling}{keep}' names {keep} dice, but only {count} are rolled.",
    'dice.error.bad_repeat': 'Column {column}: a roll can be repeated 1 to {max} times, not {repeat}.',
    'dice.error.division_by_zero': 'Column {column}: division by zero.',
    'dice.error.pool_arithmetic':
      "Column {column}: success-counting pools (like 8d6<=4) combine only with + and - and whole numbers; '{token}' is not allowed.",
    'dice.error.pool_mixed':
      'Column {column}: {dice} adds dice up and cannot be mixed with success-counting pools (like 8d6<=4); roll it separately.',
    'dice.error.number_too_large': 'Column {column}: the number {number} is too large (at most {max}).',
    'dice.error.result_too_large': 'Column {column}: the result grows too large to calculate.',
    'dice.error.too_deep': 'Column {column}: brackets and minus signs are nested too deeply (at most {max} levels).',
  },
  ja: {
    'dice.reading.sum': '読み方：出目を合計しました。',
    'dice.reading.sumTarget': '読み方：BCDice と同じく、出目の「合計」を {target} と比べました（{cmp}）。',
    'dice.reading.count': '読み方：ダイスを1個ずつ閾値と比べ、成功数を数えました（{pools}）。',
    'dice.reading.countTarget': '読み方：成功数を数え（{pools}）、達成値を {target} と比べました（{cmp}）。',
    'dice.reading.face': '読み方：1個のダイスの出目を {target} と比べました（{cmp}）。',
    'dice.reading.bcdice': '読み方：BCDice のゲームシステム {system} で振りました。',
    'dice.error.list_dice': '{column}文字目：B は合計を出さずに出目を並べます。この式は読めませんでした（5B6 や 8B6<=4 を単独で）。',
    'dice.hint.poolNeverMeets': '注意：{pool} を満たす出目はありえないため、成功数は0になります。合計を目標値と比べるなら {sum} と入力してください。',
    'dice.render.total': '合計: {value}',
    'dice.render.achievement': '達成値: {value}',
    'dice.render.targetTotal': '合計 {value} {cmp} {target}：{outcome}',
    'dice.render.targetAchievement': '達成値 {value} {cmp} {target}：{outcome}',
    'dice.render.targetRoll': '出目 {value} {cmp} {target}：{outcome}',
    'dice.render.success': '成功',
    'dice.render.failure': '失敗',
    'dice.render.more': '…ほか{count}個',
    'dice.render.repeat': '{count}回中{index}回目',
    'dice.help.syntax':
      'NdX は出目の合計（2d6+3）。NdX<=T は T 以下の出目の個数を数えます。8d6<=4+3d6<=3+2 のように判定と修正値を足して達成値にできます。' +
      '(2d6)>=7 や 2d6+3>=10 は合計を目標値と比べ、1d100<=50 は成功／失敗を判定します。' +
      'd66 は2個の d6 を十の位と一の位として読みます。4d6kh3 は大きい方から3個を残します（kl は小さい方、dh/dl は捨てる）。x3 8d6<=4 で3回振ります。',

    'dice.error.empty': 'ダイス式が空です。2d6+3 や 8d6<=4 のように入力してください。',
    'dice.error.too_long': 'ダイス式が長すぎます（{length}文字、上限は{max}文字）。',
    'dice.error.unexpected_char': '{column}文字目：「{char}」はダイス式に使えない文字です。',
    'dice.error.unexpected_token': '{column}文字目：ここに「{token}」は置けません。',
    'dice.error.unexpected_end': '{column}文字目：「{after}」の後で式が途切れています。',
    'dice.error.unclosed_paren': '{column}文字目：この「(」が閉じられていません。',
    'dice.error.expected_number': '{column}文字目：「{after}」の後には数値が必要です。',
    'dice.error.too_many_dice': '{column}文字目：ダイスが多すぎます（合計{count}個、上限は{max}個）。',
    'dice.error.too_many_sides': '{column}文字目：ダイスの面数は{max}までです（指定は{sides}）。',
    'dice.error.zero_sides': '{column}文字目：ダイスの面数は1以上にしてください。',
    'dice.error.zero_dice': '{column}文字目：振るダイスは1個以上にしてください。',
    'dice.error.bad_keep': '{column}文字目：「{spelling}{keep}」は{keep}個を指定していますが、振るダイスは{count}個です。',
    'dice.error.bad_repeat': '{column}文字目：繰り返しは1〜{max}回までです（指定は{repeat}回）。',
    'dice.error.division_by_zero': '{column}文字目：0で割ることはできません。',
    'dice.error.pool_arithmetic':
      '{column}文字目：成功数を数える判定（8d6<=4 など）は + と - と整数でしか組み合わせられません。「{token}」は使えません。',
    'dice.error.pool_mixed':
      '{column}文字目：合計を出すダイス {dice} は、成功数を数える判定（8d6<=4 など）と混ぜられません。別々に振ってください。',
    'dice.error.number_too_large': '{column}文字目：数値 {number} が大きすぎます（上限は{max}）。',
    'dice.error.result_too_large': '{column}文字目：計算結果が大きくなりすぎます。',
    'dice.error.too_deep': '{column}文字目：括弧やマイナス記号の入れ子が深すぎます（上限は{max}段）。',
  },
  ko: {
    'dice.reading.sum': '읽는 법: 주사위 눈을 합산했습니다.',
    'dice.reading.sumTarget': '읽는 법: BCDice처럼 주사위 눈의 "합계"를 {target}{target#와} 비교했습니다({cmp}).',
    'dice.reading.count': '읽는 법: 주사위를 하나씩 기준치와 비교해 성공 수를 셌습니다({pools}).',
    'dice.reading.countTarget': '읽는 법: 성공 수를 세고({pools}) 달성치를 {target}{target#와} 비교했습니다({cmp}).',
    'dice.reading.face': '읽는 법: 주사위 하나의 눈을 {target}{target#와} 비교했습니다({cmp}).',
    'dice.reading.bcdice': '읽는 법: BCDice 게임 시스템 {system}{system#으로} 굴렸습니다.',
    'dice.error.list_dice': '{column}번째 글자: B는 합계 없이 눈을 나열합니다. 이 식은 읽을 수 없었습니다(5B6이나 8B6<=4를 단독으로).',
    'dice.hint.poolNeverMeets': '참고: {pool}{pool#을} 만족하는 눈은 나올 수 없으므로 성공 수는 0입니다. 합계를 목표값과 비교하려면 {sum} 처럼 입력하세요.',
    'dice.render.total': '합계: {value}',
    'dice.render.achievement': '달성치: {value}',
    'dice.render.targetTotal': '합계 {value} {cmp} {target}: {outcome}',
    'dice.render.targetAchievement': '달성치 {value} {cmp} {target}: {outcome}',
    'dice.render.targetRoll': '주사위 눈 {value} {cmp} {target}: {outcome}',
    'dice.render.success': '성공',
    'dice.render.failure': '실패',
    'dice.render.more': '… 외 {count}개',
    'dice.render.repeat': '{count}회 중 {index}번째',
    'dice.help.syntax':
      'NdX는 눈의 합계입니다(2d6+3). NdX<=T는 T 이하가 나온 주사위 수를 셉니다. 8d6<=4+3d6<=3+2처럼 판정과 보정치를 더해 달성치를 냅니다. ' +
      '(2d6)>=7이나 2d6+3>=10은 합계를 목표치와 비교하고, 1d100<=50은 성공/실패를 판정합니다. ' +
      'd66은 d6 두 개를 십의 자리와 일의 자리로 읽습니다. 4d6kh3은 높은 쪽 3개를 남깁니다(kl은 낮은 쪽, dh/dl은 버림). x3 8d6<=4는 세 번 굴립니다.',

    'dice.error.empty': '주사위 식이 비어 있습니다. 2d6+3이나 8d6<=4처럼 입력해 주세요.',
    'dice.error.too_long': '주사위 식이 너무 깁니다({length}자, 최대 {max}자).',
    'dice.error.unexpected_char': "{column}번째 글자: '{char}'{char#은} 주사위 식에 쓸 수 없는 문자입니다.",
    'dice.error.unexpected_token': "{column}번째 글자: 여기에는 '{token}'{token#이} 올 수 없습니다.",
    'dice.error.unexpected_end': "{column}번째 글자: '{after}' 뒤에서 식이 끊겼습니다.",
    'dice.error.unclosed_paren': "{column}번째 글자: 이 '('가 닫히지 않았습니다.",
    'dice.error.expected_number': "{column}번째 글자: '{after}' 뒤에는 숫자가 필요합니다.",
    'dice.error.too_many_dice': '{column}번째 글자: 주사위가 너무 많습니다(합계 {count}개, 최대 {max}개).',
    'dice.error.too_many_sides': '{column}번째 글자: 주사위 면 수는 최대 {max}입니다(입력: {sides}).',
    'dice.error.zero_sides': '{column}번째 글자: 주사위 면 수는 1 이상이어야 합니다.',
    'dice.error.zero_dice': '{column}번째 글자: 주사위는 1개 이상 굴려야 합니다.',
    'dice.error.bad_keep': "{column}번째 글자: '{spelling}{keep}'{keep#은} {keep}개를 지정했지만 굴리는 주사위는 {count}개입니다.",
    'dice.error.bad_repeat': '{column}번째 글자: 반복은 1~{max}회까지입니다(입력: {repeat}회).',
    'dice.error.division_by_zero': '{column}번째 글자: 0으로 나눌 수 없습니다.',
    'dice.error.pool_arithmetic':
      "{column}번째 글자: 성공 수를 세는 판정(8d6<=4 등)은 +, -와 정수로만 조합할 수 있습니다. '{token}'{token#은} 쓸 수 없습니다.",
    'dice.error.pool_mixed':
      '{column}번째 글자: 합계를 내는 주사위 {dice}{dice#은} 성공 수를 세는 판정(8d6<=4 등)과 섞을 수 없습니다. 따로 굴려 주세요.',
    'dice.error.number_too_large': '{column}번째 글자: 숫자 {number}{number#이} 너무 큽니다(최대 {max}).',
    'dice.error.result_too_large': '{column}번째 글자: 계산 결과가 너무 커집니다.',
    'dice.error.too_deep': '{column}번째 글자: 괄호나 마이너스 기호가 너무 깊게 중첩되어 있습니다(최대 {max}단계).',
  },
};
