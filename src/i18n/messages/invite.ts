// `npm run invite` (src/discord/invite.ts) and README: why the bot asks for each permission.
import type { Catalogs } from '../index.js';

export const inviteMessages: Catalogs = {
  en: {
    'invite.heading': 'Permissions the bot asks for:',
    'invite.why.ViewChannel': 'see the channels where it is used, to post there',
    'invite.why.SendMessages': 'post the war board, the fight tracker, the table\'s results and the reminders to the channel',
    'invite.why.EmbedLinks': 'the board, the tracker and the other posts it makes in the channel are embeds (answers to commands need no permission)',
    'invite.why.AttachFiles': 'the pictures of the board and the tracker are files posted with them',
    'invite.why.ReadMessageHistory': 'reach its own board and tracker messages again to edit them as the game moves',
    'invite.why.PinMessages': 'pin the fight tracker so the table finds it (without it, only the pin is missing and the GM is told)',
    'invite.why.ManageWebhooks': 'post as players’ characters, with each character’s name and face, through one webhook per channel ({/say}, palette lines, chat prefixes; without it the bot posts them itself and says so)',
  },
  ja: {
    'invite.heading': 'ボットが求める権限：',
    'invite.why.ViewChannel': '使われるチャンネルを見て、そこに投稿するため',
    'invite.why.SendMessages': '聖杯戦争ボード・戦闘トラッカー・卓向けの結果やお知らせをチャンネルに投稿するため',
    'invite.why.EmbedLinks': 'ボード・トラッカーなどチャンネルへの投稿は埋め込み（embed）のため（コマンドへの返答には権限は要りません）',
    'invite.why.AttachFiles': 'ボードとトラッカーの画像はファイルとして一緒に投稿するため',
    'invite.why.ReadMessageHistory': '自分が投稿したボードとトラッカーに戻って、進行に合わせて編集するため',
    'invite.why.PinMessages': '戦闘トラッカーをピン留めして卓が見つけやすくするため（なければピン留めだけができず、GMに伝えます）',
    'invite.why.ManageWebhooks': 'チャンネルごとに1つのウェブフックで、プレイヤーのキャラクターとしてその名前と顔で投稿するため（{/say}、パレットのセリフ、チャットの接頭辞。なければボット自身が投稿し、そう伝えます）',
  },
  ko: {
    'invite.heading': '봇이 요청하는 권한:',
    'invite.why.ViewChannel': '사용하는 채널을 보고 그곳에 게시하기 위해',
    'invite.why.SendMessages': '성배전쟁 보드, 전투 트래커, 테이블용 결과와 알림을 채널에 게시하기 위해',
    'invite.why.EmbedLinks': '보드, 트래커 등 채널에 올리는 게시물이 임베드이기 때문에 (명령에 대한 응답에는 권한이 필요 없습니다)',
    'invite.why.AttachFiles': '보드와 트래커의 그림을 파일로 함께 올리기 때문에',
    'invite.why.ReadMessageHistory': '자신이 게시한 보드와 트래커로 돌아가 진행에 맞춰 수정하기 위해',
    'invite.why.PinMessages': '전투 트래커를 고정해 테이블이 찾기 쉽게 하기 위해 (없으면 고정만 빠지고 GM에게 알립니다)',
    'invite.why.ManageWebhooks': '채널마다 하나의 웹후크로 플레이어의 캐릭터로서 그 이름과 얼굴로 게시하기 위해 ({/say}, 팔레트 대사, 채팅 접두어. 없으면 봇이 직접 게시하고 그렇다고 알립니다)',
  },
};
