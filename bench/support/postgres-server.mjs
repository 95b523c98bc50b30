// The PostgreSQL server the Postgres benches run against: CAIRN_TEST_POSTGRES_URL (set up by
// scripts/setup-postgres.sh), and a one-statement admin connection to it.
import pg from 'pg';

/** The server's URL from CAIRN_TEST_POSTGRES_URL; exits with how to set it when absent. */
export function postgresServerUrl() {
  const url = process.env.CAIRN_TEST_POSTGRES_URL;
  if (!url) {
    console.error('set CAIRN_TEST_POSTGRES_URL (eval "$(sudo scripts/setup-postgres.sh)")');
    process.exit(1);
  }
  return url;
}

/** Runs one statement on `url` over its own connection (CREATE/DROP DATABASE, statistics). */
export async function adminQuery(url, sql) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}
