// Text from users (names, comments, palette lines) and from BCDice reaches Discord markdown: a
// backslash before each markup character shows it as typed instead of turning `*x*` into italics,
// `||x||` into a spoiler or `# x` into a heading.
const INLINE = /[\\*_~`|[\]]/g;
/** Quotes, headings and list items only start a line. */
const LINE_START = /^([>#-])/gm;

export function escapeMarkdown(text: string): string {
  return text.replace(INLINE, (ch) => `\\${ch}`).replace(LINE_START, '\\$1');
}
