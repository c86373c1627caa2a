// drizzle-kit config for the PostgreSQL migrations (generating needs no server).
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/store/schema/postgres.ts',
  out: './migrations/postgres',
});
