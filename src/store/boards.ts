// The live board/tracker message id of a war or combat, claimed with a conditional update: when two
// processes post a board at once, only the one whose expected id still stands records its message.
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from './db.js';

export type BoardKind = 'war' | 'combat';

export async function boardMessageId(tx: Tx, kind: BoardKind, id: number): Promise<string | null | undefined> {
  if (kind === 'combat') {
    const { combats } = tx.t;
    const [row] = await tx.db.select({ messageId: combats.trackerMessageId }).from(combats).where(eq(combats.id, id));
    return row ? row.messageId : undefined;
  }
  const { wars } = tx.t;
  const [row] = await tx.db.select({ messageId: wars.boardMessageId }).from(wars).where(eq(wars.id, id));
  return row ? row.messageId : undefined;
}

/** Sets the message id to `next` only if it is still `expected`; true when this call won. */
export async function claimBoardMessage(tx: Tx, kind: BoardKind, id: number, expected: string | null, next: string): Promise<boolean> {
  if (kind === 'combat') {
    const { combats } = tx.t;
    const current = expected === null ? isNull(combats.trackerMessageId) : eq(combats.trackerMessageId, expected);
    const won = await tx.db.update(combats).set({ trackerMessageId: next }).where(and(eq(combats.id, id), current)).returning({ id: combats.id });
    return won.length === 1;
  }
  const { wars } = tx.t;
  const current = expected === null ? isNull(wars.boardMessageId) : eq(wars.boardMessageId, expected);
  const won = await tx.db.update(wars).set({ boardMessageId: next }).where(and(eq(wars.id, id), current)).returning({ id: wars.id });
  return won.length === 1;
}
