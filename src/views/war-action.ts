// A faction's declared action in words (seed 000's action menu): the declarer's ephemeral reply and the
// GM's DM (/act), the GM's list of declarations (/war) and the faction's own view (/war faction_view).
import type { ActionDeclaration } from '../core/grailwar/actions.js';
import type { FactionRow } from '../store/schema/index.js';
import type { CommandContext } from '../services/types.js';

export function describeAction(t: CommandContext['t'], d: ActionDeclaration, targets: FactionRow[]): string {
  const parts = [t(`gw.action.${d.kind}`)];
  if (d.infoMode) parts.push(t(`gw.infoMode.${d.infoMode}`));
  if (d.mysticCode) parts.push(t(`gw.mysticCode.${d.mysticCode}`));
  if (d.creator) parts.push(t(`gw.creator.${d.creator}`));
  if (d.destination) parts.push(d.destination);
  if (d.territory) parts.push(t(`war.territory.${d.territory}`));
  if (d.random) parts.push(t('act.random'));
  if (d.kind === 'contact') parts.push(t(d.raid ? 'act.raid' : 'act.friendly'));
  if (d.familiars) parts.push(t('act.familiars', { count: d.familiars }));
  if (d.reroll) parts.push(t('act.reroll'));
  if (targets.length) parts.push(`→ ${targets.map((f) => f.name).join(', ')}`);
  return parts.join(' · ');
}

