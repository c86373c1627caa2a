// Turning rule events and errors into words (catalog `persona.*`, src/i18n/messages/persona.ts).
// Parameters holding ids are replaced by names: `status` (bad-status id → the table's name in the
// reader's language), `element`, `resistance` and `phase` (→ `persona.element.*`, `persona.resistance.*`,
// `persona.phase.*`).
import type { Locale, Params, Translate } from '../../i18n/index.js';
import { DEFAULT_BAD_STATUSES, findBadStatus, type BadStatusDef } from './status-table.js';
import type { PersonaError, PersonaEvent } from './types.js';

export function localizePersonaParams(
  params: Params,
  t: Translate,
  locale: Locale,
  table: readonly BadStatusDef[] = DEFAULT_BAD_STATUSES,
): Params {
  const out: Params = { ...params };
  const { status, element, resistance, phase } = params;
  if (typeof status === 'string') out.status = findBadStatus(table, status)?.name[locale] ?? status;
  if (typeof element === 'string') out.element = named(t, `persona.element.${element}`, element);
  if (typeof resistance === 'string') out.resistance = named(t, `persona.resistance.${resistance}`, resistance);
  if (typeof phase === 'string') out.phase = named(t, `persona.phase.${phase}`, phase);
  // a skill on oneself reads 自分に / 자신에게 / themselves, not the actor's name twice (issue 20)
  if (typeof params.targets === 'string' && params.targets === params.name) out.targets = t('persona.self');
  return out;
}

/** A catalog name, or the raw id when the catalog has none (GM-defined elements). */
function named(t: Translate, key: string, fallback: string): string {
  const text = t(key);
  return text === key ? fallback : text;
}

export function personaEventText(event: PersonaEvent, t: Translate, locale: Locale, table?: readonly BadStatusDef[]): string {
  return t(event.key, localizePersonaParams(event.params, t, locale, table));
}

export function personaErrorMessage(error: PersonaError, t: Translate, locale: Locale, table?: readonly BadStatusDef[]): string {
  return t(error.key, localizePersonaParams(error.params, t, locale, table));
}
