/** Cuts text to max characters, marking the cut; renderers use it so no reply breaks Discord's limits. */
export function clip(value: string, max: number): string {
  return value.length <= max ? value : `${value.slice(0, max - 1)}…`;
}
