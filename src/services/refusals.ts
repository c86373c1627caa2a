// Errors a user caused, from any layer, turned into the text shown to them. Anything not listed
// here is a bug and gets the generic message.
import { DiceError } from '../core/dice/index.js';
import { FateError, fateErrorMessage } from '../core/fate/errors.js';
import { GwError, gwErrorMessage } from '../core/grailwar/status.js';
import { KeyedError } from '../core/keyed-error.js';
import { MtgError, mtgErrorMessage } from '../core/mtg/errors.js';
import { personaErrorMessage } from '../core/persona/text.js';
import { PersonaError } from '../core/persona/types.js';
import { translator, type Locale } from '../i18n/index.js';
import { NotASheet, notASheetText } from './sheet-template.js';

export function refusalText(error: unknown, locale: Locale): string | null {
  const t = translator(locale);
  // Rule sets whose parameters hold ids to be named in the reader's language.
  if (error instanceof FateError) return fateErrorMessage(error, t, locale);
  if (error instanceof GwError) return gwErrorMessage(error, t);
  if (error instanceof PersonaError) return personaErrorMessage(error, t, locale);
  if (error instanceof MtgError) return mtgErrorMessage(error, t);
  if (error instanceof NotASheet) return notASheetText(error, locale);
  // UserError, SheetError and any other keyed refusal.
  if (error instanceof KeyedError) return t(error.key, error.params);
  if (error instanceof DiceError) return t(`dice.error.${error.code}`, { ...error.params, column: error.column ?? '-' });
  return null;
}
