// Words said as a character, in the console (issue 30 §3): no webhooks here, so the post is printed
// as the channel would show it (name, then words) and recorded like a Discord post, under an id the
// console makes up, so /say edit and delete and /log export work the same.
import type { Store } from '../store/db.js';
import { recordDelete, recordEdit, recordPost } from '../services/speech.js';
import type { Speech } from '../views/view.js';

let seq = 0;

export async function consoleSpeech(store: Store, where: { guildId: string; actorId: string; at: Date }, speech: Speech): Promise<string> {
  if (speech.kind === 'post') {
    const messageId = String(BigInt(where.at.getTime()) * 1000n + BigInt(seq++ % 1000));
    await store.transaction((tx) => recordPost(tx, where, { messageId, channelId: speech.channelId, characterId: speech.characterId, name: speech.name, avatarUrl: speech.face?.kind === 'url' ? speech.face.url : null, text: speech.text, webhookId: null }));
    return `── #${speech.channelId.replace(/^console:/, '')} ──\n${speech.name}: ${speech.text}`;
  }
  if (speech.kind === 'edit') {
    await store.transaction((tx) => recordEdit(tx, where, speech.post, speech.text));
    return `── #${speech.post.channelId.replace(/^console:/, '')} ──\n${speech.post.name}: ${speech.text}`;
  }
  await store.transaction((tx) => recordDelete(tx, where, speech.post));
  return '';
}
