import type { Catalogs } from '../index.js';

// What a war's action turn allows and tells (issue 31): a dead master does not sleep (seed 001 L204,
// L246), the table hears when one servant is left (L66), /mp supply names its master (L231), a Fate
// war's own actions (L239), the master's MAG at join (seed 000 L35, L37), and familiars still to be
// decided at the turn's end (seed 000 L4).
export const warTurnMessages: Catalogs = {
  en: {
    'warcmd.join.magMismatch': 'mag:{mag} and the MAG in master_statuses: ({statusMag}) disagree. The master’s MAG is one number, its MAG status, which sets the stored-mana cap and the supply (seed 000 L35, L37): give one of them, or the same number in both.',
    'warcmd.join.fateSheetsOnly': 'A Fate/roll dice war reads its numbers from the sheets — the master’s MAG is its sheet’s 魔力 (seed 001 L108–109, L227). {options} belong to the percentage war: join with master: and servant: only.',
    'cmd.mp.master.name': 'master',
    'cmd.mp.master.description': 'The master who gives the MP (default: your active character)',
    'warcmd.sleep.masterDead': '{name} is dead: the dead do not sleep (the turn-end rules skip a dead master, seed 001 L204, L246).',
  },
  ja: {
    'warcmd.join.magMismatch': '魔力:{mag} と マスターステータス: の魔（{statusMag}）が食い違っています。マスターの魔は一つの数値、マスターの【魔】ステータスで、貯蔵魔力の上限と供給を決めます（seed 000 L35、L37）。どちらか一方だけ、または同じ値で指定してください。',
    'warcmd.join.fateSheetsOnly': 'Fate/roll diceの戦争では数値はシートから読みます。マスターの魔力はシートの魔力です（seed 001 L108–109、L227）。{options} はパーセンテージ戦争の項目です。マスター: と サーヴァント: だけで参戦してください。',
    'cmd.mp.master.name': 'マスター',
    'cmd.mp.master.description': 'MPを渡すマスター（省略時は使用中のキャラクター）',
    'warcmd.sleep.masterDead': '{name}は死亡しています。死者は睡眠しません（ターン終了の処理は死亡したマスターを扱いません。seed 001 L204、L246）。',
  },
  ko: {
    'warcmd.join.magMismatch': '마력:{mag|와} 마스터스테이터스:의 마 {statusMag|이} 다릅니다. 마스터의 마는 하나의 수치, 마스터의 【마】 스테이터스이며 저장 마력의 상한과 공급을 정합니다 (seed 000 L35, L37). 둘 중 하나만, 또는 같은 값으로 지정하세요.',
    'warcmd.join.fateSheetsOnly': 'Fate/roll dice 전쟁은 수치를 시트에서 읽습니다. 마스터의 마력은 시트의 마력입니다 (seed 001 L108–109, L227). {options}{options#은} 퍼센트 전쟁의 항목입니다. 마스터:와 서번트:만으로 참전하세요.',
    'cmd.mp.master.name': '마스터',
    'cmd.mp.master.description': 'MP를 주는 마스터 (생략 시 사용 중인 캐릭터)',
    'warcmd.sleep.masterDead': '{name}{name#은} 사망했습니다. 죽은 자는 잠들지 않습니다 (턴 종료 처리는 사망한 마스터를 다루지 않습니다. seed 001 L204, L246).',
  },
};
