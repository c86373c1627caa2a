// Global setup of the `sqlite` test project: one database file migrated by the store's own migrator,
// which testDatabase() copies into each test's folder instead of migrating a fresh file every time.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openSqliteStore } from '../../src/store/sqlite.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the migrated template file; copy it, never open it. */
    sqliteTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grailwar-template-'));
  const file = path.join(dir, 'template.sqlite');
  const store = openSqliteStore(file);
  // Everything into the main file, and the WAL emptied: a copy of that one file is then whole.
  store.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  await store.close();
  for (const side of ['-wal', '-shm']) {
    const extra = `${file}${side}`;
    if (side === '-wal' && fs.existsSync(extra) && fs.statSync(extra).size > 0) throw new Error('the template\'s WAL was not checkpointed');
    fs.rmSync(extra, { force: true });
  }
  project.provide('sqliteTemplate', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
