import { and, eq, sql } from 'drizzle-orm';
import type { DeclarationRow } from './schema/index.js';
import type { Tx } from './db.js';
import { prepared } from './prepared.js';

export type DeclarationSnapshot = Omit<DeclarationRow, 'id'>;

// read by every /war advance, /war resolve and declaration: built once (issue 32 §1)
const turnStatement = ({ db, t: { declarations } }: Tx) =>
  db
    .select()
    .from(declarations)
    .where(and(eq(declarations.warId, sql.placeholder('warId')), eq(declarations.day, sql.placeholder('day')), eq(declarations.turn, sql.placeholder('turn'))))
    .orderBy(declarations.id);

export async function turnDeclarations(tx: Tx, warId: number, day: number, turn: number): Promise<DeclarationRow[]> {
  return prepared(tx, 'declarations_turn', turnStatement).execute({ warId, day, turn });
}

export async function factionDeclaration(tx: Tx, warId: number, factionId: number, day: number, turn: number): Promise<DeclarationRow | undefined> {
  return (await turnDeclarations(tx, warId, day, turn)).find((d) => d.factionId === factionId);
}

export async function insertDeclaration(tx: Tx, row: DeclarationSnapshot): Promise<number> {
  const { declarations } = tx.t;
  const [inserted] = await tx.db.insert(declarations).values(row).returning({ id: declarations.id });
  return inserted!.id;
}

export async function updateDeclaration(tx: Tx, id: number, changes: Partial<DeclarationSnapshot>): Promise<void> {
  const { declarations } = tx.t;
  await tx.db.update(declarations).set(changes).where(eq(declarations.id, id));
}

export async function deleteDeclaration(tx: Tx, id: number): Promise<void> {
  const { declarations } = tx.t;
  await tx.db.delete(declarations).where(eq(declarations.id, id));
}
