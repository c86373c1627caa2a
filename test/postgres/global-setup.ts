// Global setup of the `postgres` test project: one server for the whole run, its URL provided to the
// tests, and one migrated template database that testDatabase() clones (CREATE DATABASE … TEMPLATE)
// instead of migrating a fresh database per file.
import { adminQuery } from './admin-query.js';
import type { TestProject } from 'vitest/node';
import { openStore } from '../../src/store/db.js';
import { findPostgresBin, startPostgres } from './server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
    /** A database migrated by the store's own migrator; no connection may stay open on it. */
    postgresTemplate: string;
  }
}

export const TEMPLATE_DATABASE = 'grailwar_template';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL binaries not found (apt-get install postgresql, or set PG_BIN)');
  const server = await startPostgres(bin);
  try {
    await adminQuery(server.url, `CREATE DATABASE ${TEMPLATE_DATABASE}`);
    const store = await openStore(server.url.replace(/\/[^/]*$/, `/${TEMPLATE_DATABASE}`));
    await store.close();
    // PostgreSQL refuses to copy a database someone is connected to: closing connections is not enough
    // if a test opened one later, so none may open from now on.
    await adminQuery(server.url, `ALTER DATABASE ${TEMPLATE_DATABASE} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
  } catch (error) {
    await server.stop();
    throw error;
  }
  project.provide('postgresUrl', server.url);
  project.provide('postgresTemplate', TEMPLATE_DATABASE);
  return () => server.stop();
}
