// Global setup of the `postgres` test project: one server for the whole run, its URL provided to the tests.
import type { TestProject } from 'vitest/node';
import { findPostgresBin, startPostgres } from './server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL binaries not found (apt-get install postgresql, or set PG_BIN)');
  const server = await startPostgres(bin);
  project.provide('postgresUrl', server.url);
  return () => server.stop();
}
