// Which database a test runs on: the `sqlite` project uses a temporary file, the `postgres` project a
// fresh database on the run's PostgreSQL server. Tests ask for a URL and never care which it is.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { Dialect } from '../../src/store/db.js';

export const testBackend: Dialect = process.env.TEST_BACKEND === 'postgres' ? 'postgres' : 'sqlite';

export interface TestDatabase {
  url: string;
  /** Removes the file's folder or drops the database (after every store on it is closed). */
  drop(): Promise<void>;
}

let counter = 0;

export async function testDatabase(label = 'db'): Promise<TestDatabase> {
  if (testBackend === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `grailwar-${label}-`));
    return { url: path.join(dir, 'data', 'bot.sqlite'), drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const admin = inject('postgresUrl');
  const name = `t_${label.replace(/\W/g, '_')}_${process.pid}_${++counter}_${Date.now().toString(36)}`.toLowerCase();
  await adminQuery(admin, `CREATE DATABASE "${name}"`);
  const url = admin.replace(/\/[^/]*$/, `/${name}`);
  return { url, drop: () => adminQuery(admin, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
