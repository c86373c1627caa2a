// A run on a SQLite file, then on a throwaway durable PostgreSQL (the server's defaults: what a group
// runs), for the load runs; postgres is null when its binaries are missing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findPostgresBin, startPostgres } from '../test/postgres/server.js';

export async function onBothBackends<T>(name: string, run: (databaseUrl: string, label: string) => Promise<T>): Promise<{ sqlite: T; postgres: T | null }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `grailwar-${name}-`));
  let sqlite: T;
  try {
    sqlite = await run(path.join(dir, `${name}.sqlite`), 'SQLite');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const bin = findPostgresBin();
  if (!bin) return { sqlite, postgres: null };
  const server = await startPostgres(bin, { durable: true });
  try {
    return { sqlite, postgres: await run(server.url, 'PostgreSQL') };
  } finally {
    await server.stop();
  }
}
