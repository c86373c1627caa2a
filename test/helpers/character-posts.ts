// Character posts as /say records them (issue 30 §3), for the session log's tests until that code
// lands: the events a post, its edit and its deletion leave, in the contract src/core/log/character-posts.ts
// reads — character.post after { messageId, channelId, characterId, name, avatarUrl, text },
// character.postEdited before/after { text }, character.postDeleted.
import type { Store } from '../../src/store/db.js';
import { appendEvent } from '../../src/store/events.js';

export interface PostFixture {
  guildId: string;
  channelId: string;
  /** The player who spoke as the character. */
  actorId: string;
  /** The webhook message's id. */
  messageId: string;
  characterId: number;
  name: string;
  avatarUrl?: string | null;
  text: string;
  at?: Date;
}

export async function insertCharacterPost(store: Store, post: PostFixture): Promise<void> {
  const { guildId, channelId, actorId, messageId, characterId, name, text } = post;
  await store.transaction((tx) =>
    appendEvent(tx, {
      at: post.at ?? new Date(),
      guildId,
      channelId,
      actorId,
      type: 'character.post',
      subject: `message:${messageId}`,
      before: null,
      after: { messageId, channelId, characterId, name, avatarUrl: post.avatarUrl ?? null, text },
    }),
  );
}

export async function editCharacterPost(store: Store, post: PostFixture, text: string, at = new Date()): Promise<void> {
  await store.transaction((tx) =>
    appendEvent(tx, {
      at,
      guildId: post.guildId,
      channelId: post.channelId,
      actorId: post.actorId,
      type: 'character.postEdited',
      subject: `message:${post.messageId}`,
      before: { messageId: post.messageId, text: post.text },
      after: { messageId: post.messageId, text },
    }),
  );
}

export async function deleteCharacterPost(store: Store, post: PostFixture, at = new Date()): Promise<void> {
  await store.transaction((tx) =>
    appendEvent(tx, {
      at,
      guildId: post.guildId,
      channelId: post.channelId,
      actorId: post.actorId,
      type: 'character.postDeleted',
      subject: `message:${post.messageId}`,
      before: { messageId: post.messageId, text: post.text },
      after: null,
    }),
  );
}
