import type { Catalogs } from '../index.js';

// /persona add by form or file, a Wild's several Personas and /persona change by name (issue 19 §1).
// Kept apart from combat.ts and persona-commands.ts, which other branches edit.
export const personaInputMessages: Catalogs = {
  en: {
    'cmd.persona.file.name': 'file',
    'cmd.persona.file.description': 'The stat block as a .txt or .json file (instead of block:)',
    'persona.cmd.formTitle': 'Stat block',
    'persona.cmd.formBlock': 'Stat block (lines, or JSON)',
    'persona.cmd.formWho': 'Name (optional: overrides the block’s)',
    'persona.cmd.formPlaceholder': 'Aki pc HP40 SP30 wild persona70\npersona Orpheus agi10\nresist fire:resist\nskill Agi magic fire 1db',
    'persona.cmd.fileType': 'Stat block: "{name}" is not a .txt or .json file.',
    'persona.cmd.blockTooLong': 'Stat block: at most {max} characters.',
    'persona.cmd.manyNeedWild': 'Stat block: only a Wild holds several Personas (JA L787); add "wild" to {name}’s line.',
    'persona.cmd.outsidePersona': 'Stat block: {name} has Personas, so each resistance and skill line goes under its Persona ("persona <name>" first).',
    'persona.cmd.duplicatePersona': 'Stat block: the Persona {persona} is listed twice.',
    'persona.cmd.unknownPersona': '{name} has no Persona called {persona}. Personas: {list}.',
  },
  ja: {
    'cmd.persona.file.name': 'ファイル',
    'cmd.persona.file.description': 'ステータスを.txtか.jsonのファイルで（ステータス:の代わり）',
    'persona.cmd.formTitle': 'ステータス',
    'persona.cmd.formBlock': 'ステータス（複数行、またはJSON）',
    'persona.cmd.formWho': '名前（任意：ステータスの名前より優先）',
    'persona.cmd.formPlaceholder': 'アキ pc HP40 SP30 ワイルド ペルソナ70\nペルソナ オルフェウス 速10\n耐性 火炎:耐性\nスキル アギ 魔法 火炎 1db',
    'persona.cmd.fileType': 'ステータス:「{name}」は.txtか.jsonのファイルではありません。',
    'persona.cmd.blockTooLong': 'ステータス:{max}文字までです。',
    'persona.cmd.manyNeedWild': 'ステータス:ペルソナを複数持てるのはワイルドだけです（JA L787）。{name}の行に「ワイルド」を加えてください。',
    'persona.cmd.outsidePersona': 'ステータス:{name}はペルソナを持つので、耐性とスキルの行はそれぞれのペルソナの下に書いてください（先に「ペルソナ 名前」）。',
    'persona.cmd.duplicatePersona': 'ステータス:ペルソナ「{persona}」が二度書かれています。',
    'persona.cmd.unknownPersona': '{name}に「{persona}」というペルソナはありません。ペルソナ:{list}',
  },
  ko: {
    'cmd.persona.file.name': '파일',
    'cmd.persona.file.description': '스테이터스를 .txt나 .json 파일로 (스테이터스: 대신)',
    'persona.cmd.formTitle': '스테이터스',
    'persona.cmd.formBlock': '스테이터스 (여러 줄, 또는 JSON)',
    'persona.cmd.formWho': '이름 (선택: 스테이터스의 이름보다 우선)',
    'persona.cmd.formPlaceholder': '아키 pc HP40 SP30 와일드 페르소나70\n페르소나 오르페우스 속도10\n내성 화염:내성\n스킬 아기 마법 화염 1db',
    'persona.cmd.fileType': '스테이터스: "{name}"{name#은} .txt나 .json 파일이 아닙니다.',
    'persona.cmd.blockTooLong': '스테이터스: 최대 {max}자입니다.',
    'persona.cmd.manyNeedWild': '스테이터스: 페르소나를 여러 개 가질 수 있는 것은 와일드뿐입니다 (KO L320). {name}의 줄에 "와일드"를 넣으세요.',
    'persona.cmd.outsidePersona': '스테이터스: {name|은} 페르소나를 가지므로 내성과 스킬 줄은 각 페르소나 아래에 쓰세요 (먼저 "페르소나 이름").',
    'persona.cmd.duplicatePersona': '스테이터스: 페르소나 "{persona}"{persona#이} 두 번 적혀 있습니다.',
    'persona.cmd.unknownPersona': '{name}에게 "{persona}"{persona#이라}는 페르소나는 없습니다. 페르소나: {list}',
  },
};
