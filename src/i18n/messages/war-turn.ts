import type { Catalogs } from '../index.js';

// What a war's action turn allows and tells (issue 31): a dead master does not sleep (seed 001 L204,
// L246), the table hears when one servant is left (L66), /mp supply names its master (L231), a Fate
// war's own actions (L239), the master's MAG at join (seed 000 L35, L37), and familiars still to be
// decided at the turn's end (seed 000 L4).
export const warTurnMessages: Catalogs = {
  en: {
    'cmd.mp.master.name': 'master',
    'cmd.mp.master.description': 'The master who gives the MP (default: your active character)',
    'warcmd.sleep.masterDead': '{name} is dead: the dead do not sleep (the turn-end rules skip a dead master, seed 001 L204, L246).',
  },
  ja: {
    'cmd.mp.master.name': 'マスター',
    'cmd.mp.master.description': 'MPを渡すマスター（省略時は使用中のキャラクター）',
    'warcmd.sleep.masterDead': '{name}は死亡しています。死者は睡眠しません（ターン終了の処理は死亡したマスターを扱いません。seed 001 L204、L246）。',
  },
  ko: {
    'cmd.mp.master.name': '마스터',
    'cmd.mp.master.description': 'MP를 주는 마스터 (생략 시 사용 중인 캐릭터)',
    'warcmd.sleep.masterDead': '{name}{name#은} 사망했습니다. 죽은 자는 잠들지 않습니다 (턴 종료 처리는 사망한 마스터를 다루지 않습니다. seed 001 L204, L246).',
  },
};
