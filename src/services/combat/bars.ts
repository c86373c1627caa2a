// An HP/MP/SP bar for the trackers (Fate and Persona alike), ten cells wide.
const BAR = 10;

export function bar(value: number, max: number): string {
  const filled = max > 0 ? Math.round((Math.max(0, Math.min(value, max)) / max) * BAR) : 0;
  return `${'█'.repeat(filled)}${'░'.repeat(BAR - filled)}`;
}
