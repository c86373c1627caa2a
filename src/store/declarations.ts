import { and, eq } from 'drizzle-orm';
import { declarations, type DeclarationRow } from './schema.js';
import type { Tx } from './db.js';

export type DeclarationSnapshot = Omit<DeclarationRow, 'id'>;

export function turnDeclarations(tx: Tx, warId: number, day: number, turn: number): DeclarationRow[] {
  return tx
    .select()
    .from(declarations)
    .where(and(eq(declarations.warId, warId), eq(declarations.day, day), eq(declarations.turn, turn)))
    .orderBy(declarations.id)
    .all();
}

export function factionDeclaration(tx: Tx, warId: number, factionId: number, day: number, turn: number): DeclarationRow | undefined {
  return turnDeclarations(tx, warId, day, turn).find((d) => d.factionId === factionId);
}

export function insertDeclaration(tx: Tx, row: DeclarationSnapshot): number {
  return Number(tx.insert(declarations).values(row).run().lastInsertRowid);
}

export function updateDeclaration(tx: Tx, id: number, changes: Partial<DeclarationSnapshot>): void {
  tx.update(declarations).set(changes).where(eq(declarations.id, id)).run();
}

export function deleteDeclaration(tx: Tx, id: number): void {
  tx.delete(declarations).where(eq(declarations.id, id)).run();
}
