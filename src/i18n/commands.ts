// Commands named inside messages, in the reader's language. A catalog line writes `{/war irregular}`
// (a command and its subcommand) or `{:war join master}` (an option's name) and every reader reads the
// names their Discord client shows: `/聖杯戦争 イレギュラー`, `/성배전쟁 이레귤러`, `/war irregular`. A line
// no longer mixes a localized command with an English subcommand (「先に /聖杯戦争 join」).
//
// The names come from the command definitions themselves (their name_localizations, built from the
// catalogs' `cmd.*.name` keys), registered once by the command registry (commands/index.ts): one
// source for what Discord shows and what a message says. Until they are registered (a unit test of a
// catalog alone), a mention reads as it is written, in English.
//
// Discord's own mentions (`</war irregular:id>`) would need each command's id, which only exists once
// deployed (and differs per guild when registered to one), and do not render in embed titles or the
// console; localized names read right everywhere.
import type { Locale } from './index.js';

interface Named {
  name: string;
  name_localizations?: Partial<Record<string, string | null>> | null;
  type?: number;
  options?: readonly Named[];
}

interface Node {
  names: Record<Locale, string>;
  children: Map<string, Node>;
}

const roots = new Map<string, Node>();

function nodeOf(def: Named): Node {
  const l = def.name_localizations ?? {};
  const node: Node = { names: { en: def.name, ja: l.ja ?? def.name, ko: l.ko ?? def.name }, children: new Map() };
  for (const o of def.options ?? []) node.children.set(o.name, nodeOf(o));
  return node;
}

/** Registers the slash commands' names (called by the command registry with the definitions it deploys). */
export function registerCommandNames(definitions: readonly Named[]): void {
  for (const def of definitions) roots.set(def.name, nodeOf(def));
}

/** The nodes a path walks: `war join master` → war, join, master; a word not found stays as written. */
function walk(path: string): { node: Node | null; word: string }[] {
  const words = path.trim().split(/\s+/);
  const out: { node: Node | null; word: string }[] = [];
  let here: Node | null = roots.get(words[0]!) ?? null;
  out.push({ node: here, word: words[0]! });
  for (const word of words.slice(1)) {
    here = here?.children.get(word) ?? null;
    out.push({ node: here, word });
  }
  return out;
}

/** `/war irregular` in the reader's language: the command and its subcommands (and group). */
export function commandMention(locale: Locale, path: string): string {
  return `/${walk(path).map((s) => s.node?.names[locale] ?? s.word).join(' ')}`;
}

/** An option's name in the reader's language: `war join master` → マスター. */
export function optionName(locale: Locale, path: string): string {
  const last = walk(path).at(-1)!;
  return last.node?.names[locale] ?? last.word;
}

/** Replaces `{/command sub}` and `{:command sub option}` in a template with the reader's names. */
export function localizeCommands(locale: Locale, template: string): string {
  if (!template.includes('{/') && !template.includes('{:')) return template;
  return template.replace(/\{([/:])([a-z_][\w -]*)\}/g, (_whole, mark: string, path: string) => (mark === '/' ? commandMention(locale, path) : optionName(locale, path)));
}

