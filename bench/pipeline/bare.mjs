// The reference: a bare Fastify hello-world on the same Node, as Fastify's own benchmarks run it.
// Given a database URL too, it also answers GET /db after one prepared query on a pg pool: the floor of any
// route that must ask PostgreSQL once per request (the signed-in read asks it for the balances).
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
const databaseUrl = process.argv[3];
if (databaseUrl) {
  const { default: pg } = await import('pg');
  // The server's default pool size (DATABASE_POOL_SIZE).
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });
  app.get('/db', async () => {
    const { rows } = await pool.query({ name: 'one', text: 'select $1::int as one', values: [1] });
    return { one: rows[0].one };
  });
}
await app.listen({ port: Number(process.argv[2]), host: '127.0.0.1' });
process.send?.('ready');
