import type { Catalogs } from '../index.js';

// Issue 31's Fate/roll dice fight rules (seed 001): an NP's added effects in a fight (必中 L1404, 防御無視
// L1415, 使用時真名判明 L1470), an NP's "+" on /attack (L867–868, L1092), 魔力放出 (L1150), a troop's
// halving (L394), a masterless servant's loss per combat turn (L244), flat modifiers and ambushes
// (L411–421, L453–456), and /combat add count.
export const fateCombatRuleMessages: Catalogs = {
  en: {
    'cmd.check.burst.name': 'burst',
    'cmd.check.burst.description': 'Mana Burst (魔力放出 in skills): MP to spend, added to the achievement (default: its level)',
    'cmd.attack.ambush.name': 'ambush',
    'cmd.attack.ambush.description': 'Ambush: the margin stealth beat vigilance by (added; the margin damage is doubled)',
    'cmd.combat.count.name': 'count',
    'cmd.combat.count.description': 'Add this many of the same NPC, numbered (1–20)',
    'cmd.combat.troop.name': 'troop',
    'cmd.combat.troop.description': 'Ad-hoc NPC is a troop (achievements halved at half HP or less)',

    'fate.burst.noSheet': '{name} has no sheet, so no Mana Burst to use.',
    'fate.np.plusCost': '{label} "+"×{marks}: {amount} more dice, paid with MP.',

    'fate.flat.plus': '+{amount} to the achievement (the GM’s ruling; a won vigilance check’s margin, L455).',
    'fate.flat.minus': '−{amount} to the achievement (a targeted strike: −2 front, −3 back or a weapon hand, −1 more for a small spot; L411–421).',
    'fate.flat.ambush': 'Ambush: +{amount} (the margin stealth won by); on a hit the margin’s damage is doubled (L454).',
    'fate.flat.ambushDoubled': 'Ambush: the margin’s damage is doubled (L454).',

    'fate.np.ignoreArmor': '{np}: 防御無視, the defender’s armor reduces nothing.',
    'fate.np.armorIgnored': '{np} ignores {name}’s armor (防御無視).',
    'fate.np.sureHit': '{np}: 必中, {name} can only defend with LUK, unless a Luck use cancels it.',
    'fate.np.trueName': '{np} gives its wielder away (使用時真名判明): {name} is {trueName}.',
    'fate.np.trueNameLater': '{np} gives its wielder away (使用時真名判明), but {name} has no fame to be recognized by: the name can be looked up after the fight with an action turn.',

    'attack.defend.luk': 'Defend: LUK',
    'attack.sureHit.cancelButton': 'Spend a Luck use: cancel 必中',
    'attack.sureHit.lukOnly': '{np} is 必中: {name} defends with LUK, or first spends a Luck use to cancel it.',
    'attack.sureHit.lukNotHere': 'A LUK defense is only for a 必中 attack.',
    'attack.sureHit.none': 'This attack is not 必中, or its 必中 is already cancelled.',
    'attack.sureHit.noLuck': '{name} has no sheet, so no Luck uses; it defends with its pool either way.',
    'attack.sureHit.cancelledTitle': '{name} cancels 必中',
    'attack.sureHit.cancelled': '{name} spends a Luck use: {np}’s 必中 no longer binds this defense.',

    'fate.troop.halved': '{name} is a troop at half its HP or less: its achievement is halved, rounded up (L394).',
    'combat.count.range': 'count: is a number from 1 to {max}.',
    'combat.count.adHocOnly': 'count: copies an ad-hoc NPC (give its hp:); a sheet character stands in a fight once.',
    'combat.tooMany': 'A fight holds at most {max} combatants.',

    'fate.masterless.decay': '{name} has no master: HP −{hpLost}, MP −{mpLost} at the end of the combat turn (HP {hp}, MP {mp}).',
    'fate.masterless.decayHidden': '{name} has no master: it loses HP and MP at the end of the combat turn.',
    'fate.masterless.vanished': '{name} has no HP and no MP left: it vanishes.',

    'opposed.burstNotYours': '魔力放出 spends {name}’s MP: it is not for the other side to name.',
    'check.paidBefore': 'Paid before the check (魔力放出, marks): {hp} HP, {mp} MP.',
    'check.paidBeforeHidden': 'Paid before the check (魔力放出, marks).',
    'sheet.show.trueName': 'True name',
    'warcmd.logType.fate.trueNameRevealed': 'True name revealed',
    'warcmd.logType.combat.sureHitCancelled': '必中 cancelled with Luck',
    'warcmd.logType.combat.masterlessDecay': 'Masterless servant’s loss (combat turn)',
  },
  ja: {
    'cmd.check.burst.name': '魔力放出',
    'cmd.check.burst.description': '魔力放出（スキルに指定）で消費するMP。その点数だけ達成値にプラス（省略時はスキルレベル）',
    'cmd.attack.ambush.name': '奇襲',
    'cmd.attack.ambush.description': '奇襲：隠密が警戒に勝った差分（達成値に加算、達成差分値のダメージは2倍）',
    'cmd.combat.count.name': '数',
    'cmd.combat.count.description': '同じNPCをこの数だけ番号付きで追加（1〜20）',
    'cmd.combat.troop.name': 'トループ',
    'cmd.combat.troop.description': '即席NPCはトループ（HP半分以下で達成値半減）',

    'fate.burst.noSheet': '{name}にはシートがないため、魔力放出は使えません。',
    'fate.np.plusCost': '{label}の「+」×{marks}：ダイス+{amount}個、MPで支払い。',

    'fate.flat.plus': '達成値+{amount}（GM裁定。警戒で隠密に勝った差分など、L455）。',
    'fate.flat.minus': '達成値−{amount}（部位狙い：前面−2、背面・武器を持つ手−3、ごく一部はさらに−1。L411–421）。',
    'fate.flat.ambush': '奇襲：+{amount}（隠密が勝った差分）。命中時は達成差分値によるダメージが2倍（L454）。',
    'fate.flat.ambushDoubled': '奇襲：達成差分値によるダメージは2倍（L454）。',

    'fate.np.ignoreArmor': '{np}：防御無視。防御側の防具はダメージを減らしません。',
    'fate.np.armorIgnored': '{np}は{name}の防具を無視（防御無視）。',
    'fate.np.sureHit': '{np}：必中。{name}は幸運でしか防御できません（幸運の振り足し回数を1回使えば打ち消せます）。',
    'fate.np.trueName': '{np}の使用で真名が判明（使用時真名判明）：{name}の真名は{trueName}。',
    'fate.np.trueNameLater': '{np}は使用時真名判明ですが、{name}には知名度・悪名・本領のランクがありません。戦闘後に1行動ターンを使ってその名前で調べれば真名が判明します。',

    'attack.defend.luk': '幸運で防御',
    'attack.sureHit.cancelButton': '幸運を1回使って必中を打ち消す',
    'attack.sureHit.lukOnly': '{np}は必中です。{name}は幸運で防御するか、先に幸運の振り足し回数を1回使って打ち消してください。',
    'attack.sureHit.lukNotHere': '幸運での防御は必中の攻撃に対してのみです。',
    'attack.sureHit.none': 'この攻撃は必中ではないか、必中はすでに打ち消されています。',
    'attack.sureHit.noLuck': '{name}にはシートがないため幸運の回数がありません。どちらにしても同じダイスで防御します。',
    'attack.sureHit.cancelledTitle': '{name}が必中を打ち消す',
    'attack.sureHit.cancelled': '{name}は幸運の振り足し回数を1回使用：{np}の必中はこの防御に効きません。',

    'fate.troop.halved': '{name}はHPが半分以下のトループ：達成値は÷2切り上げ（L394）。',
    'combat.count.range': '数は1〜{max}で指定してください。',
    'combat.count.adHocOnly': '数で複製できるのは即席NPC（HPを指定）だけです。シートのキャラクターは戦闘に1人だけです。',
    'combat.tooMany': '1つの戦闘に参加できるのは{max}人までです。',

    'fate.masterless.decay': '{name}はマスター不在：戦闘ターン終了時にHP−{hpLost}、MP−{mpLost}（HP{hp}、MP{mp}）。',
    'fate.masterless.decayHidden': '{name}はマスター不在：戦闘ターン終了時にHPとMPを失います。',
    'fate.masterless.vanished': '{name}はHPもMPも0になり、消滅しました。',

    'opposed.burstNotYours': '魔力放出は{name}のMPを消費します。相手側が指定することはできません。',
    'check.paidBefore': '判定前の支払い（魔力放出・補正）：HP {hp}、MP {mp}。',
    'check.paidBeforeHidden': '判定前の支払い（魔力放出・補正）を済ませました。',
    'sheet.show.trueName': '真名',
    'warcmd.logType.fate.trueNameRevealed': '真名判明',
    'warcmd.logType.combat.sureHitCancelled': '幸運で必中を打ち消し',
    'warcmd.logType.combat.masterlessDecay': 'マスター不在の消耗（戦闘ターン）',
  },
  ko: {
    'cmd.check.burst.name': '마력방출',
    'cmd.check.burst.description': '마력 방출(스킬에 지정)로 소비할 MP. 그만큼 달성치에 더함(생략 시 스킬 레벨)',
    'cmd.attack.ambush.name': '기습',
    'cmd.attack.ambush.description': '기습: 은밀이 경계를 이긴 차이(달성치에 더함, 차이만큼의 대미지는 2배)',
    'cmd.combat.count.name': '수',
    'cmd.combat.count.description': '같은 NPC를 이 수만큼 번호를 붙여 추가(1~20)',
    'cmd.combat.troop.name': '트룹',
    'cmd.combat.troop.description': '즉석 NPC는 트룹(HP 절반 이하에서 달성치 절반)',

    'fate.burst.noSheet': '{name}에게는 시트가 없어 마력 방출을 쓸 수 없습니다.',
    'fate.np.plusCost': '{label}의 「+」×{marks}: 주사위 +{amount}개, MP로 지불.',

    'fate.flat.plus': '달성치 +{amount} (GM 재정. 경계로 은밀을 이긴 차이 등, L455).',
    'fate.flat.minus': '달성치 −{amount} (부위 노리기: 앞면 −2, 등·무기를 든 손 −3, 아주 작은 부위는 추가 −1. L411–421).',
    'fate.flat.ambush': '기습: +{amount} (은밀이 이긴 차이). 명중하면 달성 차이에 의한 대미지가 2배 (L454).',
    'fate.flat.ambushDoubled': '기습: 달성 차이에 의한 대미지는 2배 (L454).',

    'fate.np.ignoreArmor': '{np}: 방어 무시. 방어 측의 방어구는 대미지를 줄이지 못합니다.',
    'fate.np.armorIgnored': '{np}{np#은} {name}의 방어구를 무시합니다(방어 무시).',
    'fate.np.sureHit': '{np}: 필중. {name}{name#은} 행운으로만 방어할 수 있습니다(행운 사용 1회로 무효화 가능).',
    'fate.np.trueName': '{np} 사용으로 진명이 드러났습니다(사용 시 진명 판명): {name}의 진명은 {trueName}.',
    'fate.np.trueNameLater': '{np}{np#은} 사용 시 진명 판명이지만 {name}에게는 지명도·악명·본령 랭크가 없습니다. 전투 후 행동 턴 1회를 써서 그 이름으로 조사하면 진명이 판명됩니다.',

    'attack.defend.luk': '행운으로 방어',
    'attack.sureHit.cancelButton': '행운 1회 사용: 필중 무효화',
    'attack.sureHit.lukOnly': '{np}{np#은} 필중입니다. {name}{name#은} 행운으로 방어하거나, 먼저 행운 사용 1회로 무효화하세요.',
    'attack.sureHit.lukNotHere': '행운 방어는 필중 공격에 대해서만 가능합니다.',
    'attack.sureHit.none': '이 공격은 필중이 아니거나 필중이 이미 무효화되었습니다.',
    'attack.sureHit.noLuck': '{name}에게는 시트가 없어 행운 횟수가 없습니다. 어느 쪽이든 같은 주사위로 방어합니다.',
    'attack.sureHit.cancelledTitle': '{name}, 필중 무효화',
    'attack.sureHit.cancelled': '{name}{name#이} 행운을 1회 사용: {np}의 필중은 이 방어에 적용되지 않습니다.',

    'fate.troop.halved': '{name}{name#은} HP가 절반 이하인 트룹: 달성치는 ÷2 올림 (L394).',
    'combat.count.range': '수는 1~{max}{#으로} 지정하세요.',
    'combat.count.adHocOnly': '수로 복제할 수 있는 것은 즉석 NPC(HP 지정)뿐입니다. 시트 캐릭터는 전투에 한 번만 설 수 있습니다.',
    'combat.tooMany': '한 전투에는 최대 {max}명까지 참가할 수 있습니다.',

    'fate.masterless.decay': '{name}에게 마스터가 없음: 전투 턴 종료 시 HP −{hpLost}, MP −{mpLost} (HP {hp}, MP {mp}).',
    'fate.masterless.decayHidden': '{name}에게 마스터가 없음: 전투 턴 종료 시 HP와 MP를 잃습니다.',
    'fate.masterless.vanished': '{name}{name#은} HP도 MP도 0이 되어 소멸했습니다.',

    'opposed.burstNotYours': '魔力放出은 {name}의 MP를 소비합니다. 상대 측이 지정할 수 없습니다.',
    'check.paidBefore': '판정 전 지불(마력 방출·보정): HP {hp}, MP {mp}.',
    'check.paidBeforeHidden': '판정 전 지불(마력 방출·보정)을 마쳤습니다.',
    'sheet.show.trueName': '진명',
    'warcmd.logType.fate.trueNameRevealed': '진명 판명',
    'warcmd.logType.combat.sureHitCancelled': '행운으로 필중 무효화',
    'warcmd.logType.combat.masterlessDecay': '마스터 없는 서번트의 소모(전투 턴)',
  },
};
