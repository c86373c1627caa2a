// One statement on a short-lived connection: what creating, cloning and dropping test databases needs
// (CREATE/DROP DATABASE cannot run inside a pooled transaction).
import pg from 'pg';

export async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
