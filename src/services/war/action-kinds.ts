// The actions /act offers: the war's own menu — the percentage war's (seed 000 L1) or the Fate war's
// (seed 001 L239) — as autocomplete in the reader's language, and what was typed read back as a kind
// (its key, or its name in any of our languages: the console sends what the user typed).
import { FATE_ACTIONS } from '../../core/fate/actions.js';
import { ACTIONS, type ActionDeclaration } from '../../core/grailwar/actions.js';
import { foldForSearch } from '../../core/text/fold.js';
import { LOCALES, translator } from '../../i18n/index.js';
import { UserError } from '../errors.js';
import { nameChoices } from '../name-choices.js';
import type { Choice, CommandContext } from '../types.js';

type Ruleset = 'fate' | 'percent';
type Kind = ActionDeclaration['kind'];

export function warActions(ruleset: Ruleset): readonly Kind[] {
  return ruleset === 'fate' ? FATE_ACTIONS : ACTIONS;
}

const namesOf = (kind: Kind) => LOCALES.map((l) => translator(l)(`gw.action.${kind}`));

export function actionChoices(ctx: CommandContext, ruleset: Ruleset, typed: string): Choice[] {
  return nameChoices(typed, warActions(ruleset).map((k) => ({ name: ctx.t(`gw.action.${k}`), value: k, also: [k, ...namesOf(k)] })));
}

/** The kind the input names in this war's menu; refused with the menu otherwise. */
export function actionOf(ctx: CommandContext, ruleset: Ruleset, input: string): Kind {
  const key = foldForSearch(input);
  const kinds = warActions(ruleset);
  const found = kinds.find((k) => k === input.trim() || [k, ...namesOf(k)].some((n) => foldForSearch(n) === key));
  if (found) return found;
  throw new UserError(ruleset === 'fate' ? 'act.fate.unknownAction' : 'act.unknownAction', { action: input.slice(0, 60), actions: kinds.map((k) => ctx.t(`gw.action.${k}`)).join(', ') });
}
