// Issue 20 (Persona): what a ja or ko reader sees of a Persona fight carries no seed line numbers
// ("(JA L352)") and no English command names ("/persona random", "/combat next").
import { describe, expect, it } from 'vitest';
import { combatMessages } from '../../src/i18n/messages/combat.js';
import { personaCommandMessages } from '../../src/i18n/messages/persona-commands.js';
import { personaInputMessages } from '../../src/i18n/messages/persona-input.js';
import { personaMessages } from '../../src/i18n/messages/persona.js';
import { t } from '../../src/i18n/index.js';
// the registry names the commands a line mentions ({/persona setting}: src/i18n/commands.ts)
import '../../commands/index.js';

const PERSONA_KEY = /^(persona\.|cmd\.persona\.|cmd\.combat\.|combat\.|help\.persona)/;

describe('Persona texts in ja and ko', () => {
  for (const locale of ['ja', 'ko'] as const) {
    it(`${locale}: no seed line numbers, no English /persona or /combat`, () => {
      const texts = [personaMessages, personaCommandMessages, personaInputMessages, combatMessages].flatMap((c) => Object.entries(c[locale]).filter(([k]) => PERSONA_KEY.test(k)));
      expect(texts.length).toBeGreaterThan(300);
      expect(texts.filter(([, v]) => /\b(JA|KO) ?L\d/.test(v)).map(([k]) => k)).toEqual([]);
      expect(texts.filter(([k]) => /\/(persona|combat)\b/.test(t(locale, k))).map(([k]) => k)).toEqual([]);
    });
  }
});
