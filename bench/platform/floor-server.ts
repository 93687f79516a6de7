// bench:floor's server process: the least a spin can be on the product's stack (Fastify, node-postgres,
// PostgreSQL with its default durable commits). POST /spin moves the player's balance and records the round in
// one autocommitted statement: one HTTP request, one round trip, one commit. No session, no ledger entries, no
// provably fair seeds, no events: everything a real spin does on top of this is left out, so what this costs
// per spin is a floor under any implementation of the product's spin on the same machine.
import Fastify from 'fastify';
import pg from 'pg';

const port = Number(process.env.PORT);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

// The stake comes off and the win goes on in one update; the round is recorded in the same statement.
const SPIN = `
  with moved as (
    update floor_wallets set balance = balance - $2 + $3
    where player_id = $1 and balance >= $2
    returning balance
  )
  insert into floor_rounds (player_id, stake, win)
  select $1, $2, $3 from moved
  returning (select balance from moved) as balance`;

const app = Fastify({ logger: false });
app.get('/healthz', async () => ({ ok: true }));
app.post<{ Body: { playerId: number } }>('/spin', async (request, reply) => {
  const playerId = Number(request.body?.playerId);
  if (!Number.isInteger(playerId) || playerId < 1) return reply.code(400).send({ message: 'playerId' });
  // The same odds as any 0.20 bet: the figure is the work, not the game.
  const win = Math.random() < 0.3 ? 0.4 : 0;
  const { rows } = await pool.query({ name: 'floor-spin', text: SPIN, values: [playerId, 0.2, win] });
  if (rows.length === 0) return reply.code(409).send({ message: 'Insufficient balance' });
  return { balance: rows[0].balance, win };
});

await app.listen({ host: '127.0.0.1', port });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app
      .close()
      .then(() => pool.end())
      .finally(() => process.exit(0));
  });
}
