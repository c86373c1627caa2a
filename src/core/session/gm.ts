// Who may become, appoint or drop a channel's GM. Pure: the command applies the decision.

export interface GmActor {
  id: string;
  /** Discord's Manage Channels on this channel (server staff). */
  canManageChannel: boolean;
}

export type GmDecision = { ok: true } | { ok: false; reason: 'alreadyGm' | 'taken' | 'notAllowed' | 'noGm' };

/** /gm claim: free channel → anyone; taken → only staff may take it over. */
export function decideClaim(currentGmId: string | null, actor: GmActor): GmDecision {
  if (currentGmId === actor.id) return { ok: false, reason: 'alreadyGm' };
  if (currentGmId === null || actor.canManageChannel) return { ok: true };
  return { ok: false, reason: 'taken' };
}

/** /gm set: staff may appoint anyone; the sitting GM may hand over. */
export function decideAppoint(currentGmId: string | null, actor: GmActor): GmDecision {
  if (actor.canManageChannel || (currentGmId !== null && currentGmId === actor.id)) return { ok: true };
  return { ok: false, reason: 'notAllowed' };
}

/** /gm release: the GM steps down, or staff clears the seat. */
export function decideRelease(currentGmId: string | null, actor: GmActor): GmDecision {
  if (currentGmId === null) return { ok: false, reason: 'noGm' };
  if (currentGmId === actor.id || actor.canManageChannel) return { ok: true };
  return { ok: false, reason: 'notAllowed' };
}

/** The check every GM-only action of later features makes. */
export function isGm(currentGmId: string | null, actor: GmActor): boolean {
  return currentGmId !== null && currentGmId === actor.id;
}
