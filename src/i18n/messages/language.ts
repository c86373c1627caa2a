// Words issue 31 ("every line in its reader's language") added: names that were left in English or as
// ids in ja/ko lines, and /reveal's readable summary of a committed secret.
import type { Catalogs } from '../index.js';

export const languageMessages: Catalogs = {
  en: {
    'secret.reveal.action': '**{faction}** declared on day {day}, {turn}: {action}',
  },
  ja: {
    'secret.reveal.action': '**{faction}** の宣言（{day}日目 {turn}）：{action}',
  },
  ko: {
    'secret.reveal.action': '**{faction}**의 선언 ({day}일째 {turn}): {action}',
  },
};
