// Which database a test runs on: the `sqlite` project uses a temporary file, the `postgres` project a
// database of its own on the run's PostgreSQL server. Tests ask for a URL and never care which it is.
// Both start as a copy of a template the project's global setup migrated once per run (a file copy, or
// CREATE DATABASE … TEMPLATE); the store's migrator still runs at open and finds nothing to do.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { adminQuery } from '../postgres/admin-query.js';
import { inject } from 'vitest';
import type { Dialect } from '../../src/store/db.js';

export const testBackend: Dialect = process.env.TEST_BACKEND === 'postgres' ? 'postgres' : 'sqlite';

export interface TestDatabase {
  url: string;
  /** Removes the file's folder or drops the database (after every store on it is closed). */
  drop(): Promise<void>;
}

export interface TestDatabaseOptions {
  /**
   * No tables at all (no file on SQLite, an empty database on PostgreSQL): for tests of what the
   * migrator does to a new database, or of several processes migrating it at once.
   */
  empty?: boolean;
}

let counter = 0;

export async function testDatabase(label = 'db', options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  if (testBackend === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `grailwar-${label}-`));
    const url = path.join(dir, 'data', 'bot.sqlite');
    if (!options.empty) {
      const template = inject('sqliteTemplate');
      if (!template) throw new Error('no SQLite template: run the tests through vitest.config.ts (its sqlite project makes one)');
      fs.mkdirSync(path.dirname(url));
      fs.copyFileSync(template, url);
    }
    return { url, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const admin = inject('postgresUrl');
  const name = `t_${label.replace(/\W/g, '_')}_${process.pid}_${++counter}_${Date.now().toString(36)}`.toLowerCase();
  await adminQuery(admin, `CREATE DATABASE "${name}"${options.empty ? '' : ` TEMPLATE "${inject('postgresTemplate')}"`}`);
  const url = admin.replace(/\/[^/]*$/, `/${name}`);
  return { url, drop: () => adminQuery(admin, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}
