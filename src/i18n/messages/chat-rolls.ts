// Rolls typed in chat (issue 30 §2): /gm chatrolls, what the GM must switch on for it, and the
// notices of a secret roll typed in the open.
import type { Catalogs } from '../index.js';

export const chatRollMessages: Catalogs = {
  en: {
    'cmd.gm.chatrolls.name': 'chatrolls',
    'cmd.gm.chatrolls.description': 'Answer rolls typed in this channel (2d6, CC<=50, S2D6) as /roll does',
    'cmd.gm.chatrolls.on.name': 'on',
    'cmd.gm.chatrolls.on.description': 'true: a message that begins with a roll is answered; false: only /roll',
    'chat.title': 'Rolls in chat',
    'chat.on': 'A message in this channel that begins with a roll (2d6, CC<=50 Spot Hidden, S2D6 …) is now answered as {/roll} answers it. Other messages are left alone.',
    'chat.off': 'Rolls typed in this channel are no longer answered; {/roll} works as before.',
    'chat.refused.notGm': 'Only the channel’s GM or a member with Manage Channels can switch rolls typed in chat.',
    'chat.setupTitle': 'Before typed rolls work here',
    'chat.needsIntent':
      'The bot cannot read messages yet: its Discord application lacks the **Message Content** intent. In the Discord Developer Portal open the application → **Bot** → **Privileged Gateway Intents**, switch on **Message Content Intent**, save, and restart the bot (a bot in 100 servers or more needs Discord’s approval for it). Until then, use {/roll}.',
    'chat.cannotHideHere':
      'Secret rolls typed here (S2D6) cannot be hidden: the bot lacks **Manage Messages** in this channel, so the typed line stays visible. Grant it, or have secret rolls made with {/roll} secret:true.',
    'chat.notHiddenTitle': 'A secret roll stayed visible',
    'chat.notHidden': '{user} typed a secret roll in {channel}; the bot answered privately but could not delete the typed line: it lacks **Manage Messages** there. Grant it, or have secret rolls made with {/roll} secret:true.',
    'chat.notHiddenFailed': '{user} typed a secret roll in {channel}; the bot answered privately but could not delete the typed line.',
    'chat.secretTyped': 'Your secret roll typed in {channel}: `{typed}`',
    'warcmd.logType.table.chatRolls': 'rolls in chat',
  },
  ja: {
    'cmd.gm.chatrolls.name': 'チャットダイス',
    'cmd.gm.chatrolls.description': 'このチャンネルで打ったダイス（2d6、CC<=50、S2D6）に /roll と同じく答える',
    'cmd.gm.chatrolls.on.name': '有効',
    'cmd.gm.chatrolls.on.description': 'true：ダイスで始まる発言に答える／false：/roll のみ',
    'chat.title': 'チャットダイス',
    'chat.on': 'このチャンネルでダイスで始まる発言（2d6、CC<=50 目星、S2D6 など）に {/roll} と同じく答えます。それ以外の発言には反応しません。',
    'chat.off': 'このチャンネルで打ったダイスには答えません。{/roll} はこれまでどおり使えます。',
    'chat.refused.notGm': 'チャットダイスを切り替えられるのは、このチャンネルのGMかチャンネル管理権限のあるメンバーだけです。',
    'chat.setupTitle': 'チャットダイスを使う前に',
    'chat.needsIntent':
      'ボットはまだ発言を読めません。Discordアプリに **Message Content** インテントがありません。Discord Developer Portal でアプリを開き →「**Bot**」→「**Privileged Gateway Intents**」の「**Message Content Intent**」をオンにして保存し、ボットを再起動してください（100サーバー以上のボットはDiscordの承認が必要です）。それまでは {/roll} を使ってください。',
    'chat.cannotHideHere':
      'ここで打ったシークレットダイス（S2D6）は隠せません。ボットにこのチャンネルの「**メッセージの管理**」権限がないため、打った行が残ります。権限を与えるか、シークレットダイスは {/roll} secret:true で振ってください。',
    'chat.notHiddenTitle': 'シークレットダイスが見えたままです',
    'chat.notHidden': '{user} が {channel} でシークレットダイスを打ちました。結果は本人にだけ伝えましたが、打った行を消せませんでした（「**メッセージの管理**」権限がありません）。権限を与えるか、シークレットダイスは {/roll} secret:true で振ってください。',
    'chat.notHiddenFailed': '{user} が {channel} でシークレットダイスを打ちました。結果は本人にだけ伝えましたが、打った行を消せませんでした。',
    'chat.secretTyped': '{channel} で打ったシークレットダイス：`{typed}`',
    'warcmd.logType.table.chatRolls': 'チャットダイス設定',
  },
  ko: {
    'cmd.gm.chatrolls.name': '채팅주사위',
    'cmd.gm.chatrolls.description': '이 채널에 입력한 주사위(2d6, CC<=50, S2D6)에 /roll처럼 답합니다',
    'cmd.gm.chatrolls.on.name': '켜기',
    'cmd.gm.chatrolls.on.description': 'true: 주사위로 시작하는 메시지에 답함 / false: /roll만',
    'chat.title': '채팅 주사위',
    'chat.on': '이제 이 채널에서 주사위로 시작하는 메시지(2d6, CC<=50 관찰, S2D6 등)에 {/roll}처럼 답합니다. 다른 메시지에는 반응하지 않습니다.',
    'chat.off': '이 채널에 입력한 주사위에는 더 이상 답하지 않습니다. {/roll}은 그대로 쓸 수 있습니다.',
    'chat.refused.notGm': '채팅 주사위는 이 채널의 GM이나 채널 관리 권한이 있는 멤버만 켜고 끌 수 있습니다.',
    'chat.setupTitle': '채팅 주사위를 쓰기 전에',
    'chat.needsIntent':
      '봇이 아직 메시지를 읽을 수 없습니다. Discord 애플리케이션에 **Message Content** 인텐트가 없습니다. Discord Developer Portal에서 애플리케이션 → **Bot** → **Privileged Gateway Intents**의 **Message Content Intent**를 켜고 저장한 뒤 봇을 다시 시작하세요(서버 100개 이상인 봇은 Discord의 승인이 필요합니다). 그때까지는 {/roll}을 쓰세요.',
    'chat.cannotHideHere':
      '여기에 입력한 비밀 주사위(S2D6)는 숨길 수 없습니다. 봇에게 이 채널의 **메시지 관리** 권한이 없어 입력한 줄이 남습니다. 권한을 주거나, 비밀 주사위는 {/roll} secret:true로 굴리세요.',
    'chat.notHiddenTitle': '비밀 주사위가 보이는 채로 남았습니다',
    'chat.notHidden': '{user}님이 {channel}에서 비밀 주사위를 입력했습니다. 결과는 본인에게만 보냈지만 입력한 줄은 지우지 못했습니다(**메시지 관리** 권한 없음). 권한을 주거나, 비밀 주사위는 {/roll} secret:true로 굴리세요.',
    'chat.notHiddenFailed': '{user}님이 {channel}에서 비밀 주사위를 입력했습니다. 결과는 본인에게만 보냈지만 입력한 줄은 지우지 못했습니다.',
    'chat.secretTyped': '{channel}에서 입력한 비밀 주사위: `{typed}`',
    'warcmd.logType.table.chatRolls': '채팅 주사위 설정',
  },
};
