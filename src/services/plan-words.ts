// A check's words for readers in any language: the core names a status pool by the sheet's Japanese
// (筋力, 敏捷), which a Korean table read inside its notes (「敏捷의 "+"」). These give the pool's
// status as a word of every language (../i18n/wording.ts), worded for each reader by t().
import { STATUS_LABELS, type CheckStatus } from '../core/fate/status-names.js';
import type { CheckNote, CheckPlan, PoolSpec } from '../core/fate/check.js';
import { wording } from '../i18n/wording.js';

/** A pool's name: its status in every language, or the sheet's own word (a skill's name). */
export function poolWording(pool: Pick<PoolSpec, 'label' | 'status'>): string {
  return pool.status ? wording({ each: STATUS_LABELS[pool.status] }) : pool.label;
}

/** The check's label (its pools joined), as a wording each reader reads in their language. */
export function planLabel(plan: Pick<CheckPlan, 'pools'>): string {
  const parts = plan.pools.map((p) => (p.status ? { each: STATUS_LABELS[p.status] } : p.label));
  return parts.every((p) => typeof p === 'string') ? parts.join(' + ') : wording({ parts, sep: ' + ' });
}

/** The plan's notes, a status pool's `label` worded per reader. */
export function planNotesWorded(plan: { pools: readonly Pick<PoolSpec, 'label' | 'status'>[]; notes: readonly CheckNote[] }, notes: readonly CheckNote[] = plan.notes): CheckNote[] {
  const byLabel = new Map(plan.pools.filter((p) => p.status).map((p) => [p.label, poolWording(p)]));
  return notes.map((n) => (typeof n.params.label === 'string' && byLabel.has(n.params.label) ? { key: n.key, params: { ...n.params, label: byLabel.get(n.params.label)! } } : n));
}

/** A summoning plan's notes (its two statuses' pools, seed 001 L108–109), worded per reader like a check's. */
export function statusNotesWorded(statuses: readonly CheckStatus[], notes: readonly CheckNote[]): CheckNote[] {
  return planNotesWorded({ pools: statuses.map((status) => ({ label: STATUS_LABELS[status].ja, status })), notes });
}
