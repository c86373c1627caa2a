// A refusal of the rules: it carries only a catalog key and its parameters; the words are chosen
// in the reader's language when it is shown. Each rule set subclasses it for its own keys.
export type KeyedParams = Record<string, string | number>;

export class KeyedError extends Error {
  constructor(
    readonly key: string,
    readonly params: KeyedParams = {},
  ) {
    // For logs only; users see the catalog text.
    const entries = Object.entries(params);
    super(entries.length === 0 ? key : `${key} (${entries.map(([k, v]) => `${k}: ${v}`).join(', ')})`);
  }
}
