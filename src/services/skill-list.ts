// A list of skills as a player types it in one option: 魔力放出, 騎乗 / 魔力放出、騎乗 / 魔力放出+騎乗.
export function splitSkills(input: string | null): string[] {
  return (input ?? '')
    .split(/[,、，/／;+＋]/)
    .map((s) => s.trim())
    .filter(Boolean);
}
