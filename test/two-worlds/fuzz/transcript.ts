// What each audience received during one step, as lines to compare (issue 27 §2). Every message the
// bot made is somebody's: a DM its recipient's; a channel post, a public reply and its edits the
// table's (A's own room is A's); an ephemeral reply or follow-up its actor's. Each message is read as
// the states it went through (its first body, then each edit applied), worded as text (content,
// embeds, button labels, select options) and pictures (a picture's file name carries the hash of what
// it draws) and files handed over (their text: a log export).
//
// Timing: a board's new text and its new picture may come in one edit or two (src/discord/board.ts
// draws a picture once, for both worlds of the process), so a step's states are compared as the
// distinct texts they showed and the pictures they added, never as a count of edits.
import type { RecordedMessage } from '../../e2e/fake-discord/types.js';
import { embedText } from '../../e2e/harness.js';
import { normalise } from '../worlds.js';
import { PEOPLE, type Audience, type FuzzWorld, type Place, type Who } from './world.js';

const EPHEMERAL = 1 << 6;

interface MessageState {
  text: string;
  pictures: string[];
}

/** Per world: how far each message had been read at the end of the last step. */
export interface Reading {
  states: Map<string, number>;
  files: Map<string, number>;
  deleted: Set<string>;
  /** each audience's messages in the order they first appeared: a message's number in the transcript */
  order: Map<Audience, string[]>;
}

export const newReading = (): Reading => ({ states: new Map(), files: new Map(), deleted: new Set(), order: new Map() });

function componentText(components: unknown[] | undefined): string[] {
  const out: string[] = [];
  for (const row of (components ?? []) as { components?: Record<string, any>[] }[]) {
    for (const c of row.components ?? []) {
      if (c.type === 2) out.push(`[button ${c.label ?? c.emoji?.name ?? ''}${c.disabled ? ' (disabled)' : ''}]`);
      else if (Array.isArray(c.options)) out.push(`[select ${c.placeholder ?? ''}: ${c.options.map((o: { label: string; description?: string }) => `${o.label}${o.description ? ` — ${o.description}` : ''}`).join(' | ')}]`);
      else out.push(`[component ${c.type}${c.label ? ` ${c.label}` : ''}]`);
    }
  }
  return out;
}

function render(state: { content: string; embeds: unknown[]; components: unknown[] }): string {
  const embeds = (state.embeds ?? []).map((e) => embedText({ embeds: [e as Record<string, unknown>] }));
  return [state.content, ...embeds, ...componentText(state.components)].filter(Boolean).join('\n');
}

/** The pictures a state shows: its embeds' images (`attachment://<name>.png`, the name carrying the hash of what it draws). */
function picturesOf(embeds: unknown[]): string[] {
  return (embeds as { image?: { url?: string } }[]).flatMap((e) => (e?.image?.url ? [e.image.url.replace(/^attachment:\/\//, '')] : []));
}

/** The states a message went through: its first body, then each edit applied to what it showed. */
function statesOf(m: RecordedMessage): MessageState[] {
  let current = { content: String(m.body?.content ?? ''), embeds: m.body?.embeds ?? [], components: m.body?.components ?? [] };
  const out: MessageState[] = [{ text: render(current), pictures: picturesOf(current.embeds) }];
  for (const edit of m.edits) {
    const e = edit ?? {};
    current = {
      content: 'content' in e ? String(e.content ?? '') : current.content,
      embeds: 'embeds' in e ? (e.embeds ?? []) : current.embeds,
      components: 'components' in e ? (e.components ?? []) : current.components,
    };
    out.push({ text: render(current), pictures: picturesOf(current.embeds) });
  }
  return out;
}

function audienceOf(world: FuzzWorld, m: RecordedMessage): { audience: Audience; where: string } | null {
  for (const who of PEOPLE) if (m.channelId === world.h.fake.dmChannelId(world.users[who].id)) return { audience: who, where: 'DM' };
  const place = (Object.keys(world.channels) as Place[]).find((p) => world.channels[p] === m.channelId);
  if (!place) return null;
  const ephemeral = (m.flags & EPHEMERAL) === EPHEMERAL;
  if (ephemeral && m.interactionId) {
    const actor = world.actorOf.get(m.interactionId);
    if (actor) return { audience: actor, where: `${place}, only you` };
  }
  return { audience: place === 'room' ? 'a' : 'table', where: place };
}

const distinct = <T>(xs: T[]): T[] => [...new Set(xs)];

/** Reads what each audience received since the last reading: one line per new or changed message. */
export function readStep(world: FuzzWorld, reading: Reading): Map<Audience, string[]> {
  const out = new Map<Audience, string[]>();
  const add = (a: Audience, line: string) => out.set(a, [...(out.get(a) ?? []), normalise(line)]);
  for (const m of world.h.fake.allMessages()) {
    const owner = audienceOf(world, m);
    if (!owner) continue;
    const states = statesOf(m);
    const seen = reading.states.get(m.id) ?? 0;
    const filesSeen = reading.files.get(m.id) ?? 0;
    const wasDeleted = reading.deleted.has(m.id);
    if (states.length === seen && m.files.length === filesSeen && m.deleted === wasDeleted) continue;
    const order = reading.order.get(owner.audience) ?? [];
    if (seen === 0) order.push(m.id);
    reading.order.set(owner.audience, order);
    const number = order.indexOf(m.id) + 1;
    const before = seen > 0 ? states[seen - 1]!.pictures : [];
    const fresh = states.slice(seen);
    const texts = distinct(fresh.map((s) => s.text));
    const pictures = distinct(fresh.flatMap((s) => s.pictures)).filter((p) => !before.includes(p));
    const files = m.files.slice(filesSeen).filter((f) => !f.name.endsWith('.png')).map((f) => `[file ${f.name}]\n${f.data.toString('utf8')}`);
    const head = `${seen === 0 ? 'new' : 'edited'} #${number} (${owner.where})`;
    const body = [...texts, ...pictures.map((p) => `[picture ${p}]`), ...files, ...(m.deleted && !wasDeleted ? ['(deleted)'] : [])];
    add(owner.audience, `${head}\n${body.join('\n⇒\n')}`);
    reading.states.set(m.id, states.length);
    reading.files.set(m.id, m.files.length);
    if (m.deleted) reading.deleted.add(m.id);
  }
  for (const { who, text } of world.shownToActor.splice(0)) add(who as Who, text);
  return out;
}
