// View → terminal text, with the plain dice renderer and mentions shown as names.
import { renderPlain } from '../core/dice/index.js';
import { translator } from '../i18n/index.js';
import { unaddressed } from '../views/line.js';
import type { View } from '../views/view.js';

export type NameOf = (userId: string) => string;

export function renderConsole(view: View, nameOf: NameOf): string {
  const t = translator(view.locale);
  const plain = (s: string) =>
    s
      .replace(/```\w*\n?/g, '')
      .replace(/\*\*(.+?)\*\*/g, '$1')
      .replace(/`([^`]*)`/g, '$1')
      .replace(/<@!?([^>]+)>/g, (_, id: string) => `@${nameOf(id)}`)
      .replace(/<#([^>]+)>/g, (_, id: string) => `#${id.replace(/^console:/, '')}`)
      .replace(/<t:(\d+)(:\w)?>/g, (_, s: string) => new Date(Number(s) * 1000).toLocaleString());
  const lines: string[] = [];
  const marker = view.tone === 'error' ? '✖ ' : view.tone === 'secret' ? '🔒 ' : '';
  if (view.title) lines.push(`${marker}${plain(view.title)}`);
  for (const block of view.blocks) lines.push(block.kind === 'text' ? plain(block.text) : block.kind === 'line' ? plain(unaddressed(block, view.locale)) : renderPlain(block.result, t));
  for (const field of view.fields ?? []) lines.push(`${plain(field.name)}\n  ${plain(unaddressed(field.value, view.locale)).replace(/\n/g, '\n  ')}`);
  if (view.footer) lines.push(`(${plain(view.footer)})`);
  // Buttons are pressed by typing the command they show.
  // A select menu's options are chosen the same way, with the option's value after the id.
  if (view.select?.options.length) {
    if (view.select.placeholder) lines.push(plain(view.select.placeholder));
    for (const o of view.select.options.slice(0, 25)) lines.push(`  [${o.label}${o.description ? ` (${o.description})` : ''}: /press ${view.select.customId} ${o.value}]`);
  }
  if (view.buttons?.length) lines.push(view.buttons.map((b) => `[${b.label}: /press ${b.customId}]`).join('  '));
  for (const file of view.files ?? []) lines.push(`── ${file.name} ──\n${file.content}`);
  return lines.join('\n');
}
