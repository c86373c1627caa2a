// drizzle-kit config for the SQLite migrations; drizzle.postgres.config.ts is its PostgreSQL twin.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'sqlite',
  schema: './src/store/schema/sqlite.ts',
  out: './migrations/sqlite',
});
