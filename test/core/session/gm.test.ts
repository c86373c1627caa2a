import { describe, expect, it } from 'vitest';
import { decideAppoint, decideClaim, decideRelease, isGm } from '../../../src/core/session/gm.js';

const player = { id: 'p', canManageChannel: false };
const staff = { id: 's', canManageChannel: true };

describe('GM seat rules', () => {
  it('claim: anyone takes a free seat; only staff takes an occupied one', () => {
    expect(decideClaim(null, player)).toEqual({ ok: true });
    expect(decideClaim('other', player)).toEqual({ ok: false, reason: 'taken' });
    expect(decideClaim('other', staff)).toEqual({ ok: true });
    expect(decideClaim('p', player)).toEqual({ ok: false, reason: 'alreadyGm' });
  });

  it('set: staff appoints; the sitting GM hands over; others may not', () => {
    expect(decideAppoint(null, staff)).toEqual({ ok: true });
    expect(decideAppoint('p', player)).toEqual({ ok: true });
    expect(decideAppoint('other', player)).toEqual({ ok: false, reason: 'notAllowed' });
    expect(decideAppoint(null, player)).toEqual({ ok: false, reason: 'notAllowed' });
  });

  it('release: the GM or staff; nothing to release without a GM', () => {
    expect(decideRelease(null, staff)).toEqual({ ok: false, reason: 'noGm' });
    expect(decideRelease('p', player)).toEqual({ ok: true });
    expect(decideRelease('other', staff)).toEqual({ ok: true });
    expect(decideRelease('other', player)).toEqual({ ok: false, reason: 'notAllowed' });
  });

  it('isGm is true only for the seated GM, not for staff', () => {
    expect(isGm('p', player)).toBe(true);
    expect(isGm('p', staff)).toBe(false);
    expect(isGm(null, player)).toBe(false);
  });
});
