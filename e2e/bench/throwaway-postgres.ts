// Runs a benchmark against a fresh database on the given PostgreSQL server and drops it afterwards.
import pg from "pg";

export async function withThrowawayPostgres<T>(
  serverUrl: string,
  run: (databaseUrl: string) => Promise<T>,
): Promise<T> {
  const name = `bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return await run(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
