// A deterministic default id: the same type and name give the same id, so export → import keeps it.
import type { CharacterSheet } from './types.js';

export function defaultSheetId(type: CharacterSheet['type'], name: string): string {
  let h = 0x811c9dc5; // FNV-1a, 32 bit
  for (const ch of name) {
    h ^= ch.codePointAt(0) ?? 0;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `${type}-${h.toString(16).padStart(8, '0')}`;
}

/** The display name used when a sheet names nobody (a warning goes with it). */
export const NAMELESS = '名無し';
