// Character posts in the session log. /say (issue 30 §3) posts as the character through the channel's
// webhook and records each change as an event; the log shows each post as it stands now:
//   character.post        after: { messageId, channelId, characterId, name, avatarUrl, text }
//   character.postEdited  before: { text }, after: { text } (the message named by messageId, in
//                         after or before, or by the event's subject `…:<messageId>`)
//   character.postDeleted the post is gone from the channel, so from the log too
// An edit or deletion whose post is not in the events read (outside the range) is ignored.

export const CHARACTER_POST_EVENTS = ['character.post', 'character.postEdited', 'character.postDeleted'] as const;

export interface PostEvent {
  type: string;
  at: Date;
  subject: string;
  before: unknown;
  after: unknown;
}

export interface CharacterPost {
  at: Date;
  messageId: string;
  characterId: number | null;
  name: string;
  avatarUrl: string | null;
  text: string;
  edited: boolean;
}

type Fields = Record<string, unknown>;
const fields = (value: unknown): Fields => (value && typeof value === 'object' ? (value as Fields) : {});
const str = (value: unknown): string | null => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null);

function messageIdOf(e: PostEvent): string | null {
  return str(fields(e.after)['messageId']) ?? str(fields(e.before)['messageId']) ?? /(\d{17,20})$/.exec(e.subject)?.[1] ?? null;
}

/** Folds the events, oldest first, into the posts still standing, each with its latest text. */
export function characterPosts(events: readonly PostEvent[]): CharacterPost[] {
  const posts = new Map<string, CharacterPost>();
  for (const e of [...events].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    const id = messageIdOf(e);
    if (!id) continue;
    const after = fields(e.after);
    if (e.type === 'character.post') {
      const text = str(after['text']) ?? '';
      const name = str(after['name']) ?? '';
      const characterId = typeof after['characterId'] === 'number' ? after['characterId'] : null;
      posts.set(id, { at: e.at, messageId: id, characterId, name, avatarUrl: str(after['avatarUrl']), text, edited: false });
    } else if (e.type === 'character.postEdited') {
      const post = posts.get(id);
      const text = str(after['text']);
      if (post && text !== null) posts.set(id, { ...post, text, edited: true });
    } else if (e.type === 'character.postDeleted') {
      posts.delete(id);
    }
  }
  return [...posts.values()];
}

/** Every message a post event names, deleted ones too: their webhook copies are not the players' words. */
export function postMessageIds(events: readonly PostEvent[]): Set<string> {
  return new Set(events.map(messageIdOf).filter((id): id is string => id !== null));
}
