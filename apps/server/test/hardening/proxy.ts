import { createConnection, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of a service (PostgreSQL, Redis) that a test can cut and restore: cut() drops every
 * open connection and refuses new ones, as a restarting server does; restore() lets connections through again.
 */
export interface CuttableProxy {
  port: number;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startProxy(target: { host: string; port: number }): Promise<CuttableProxy> {
  const open = new Set<Socket>();
  let up = true;
  const server: Server = createServer((client) => {
    if (!up) {
      client.destroy();
      return;
    }
    const upstream = createConnection(target);
    open.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const cut = () => {
    up = false;
    for (const socket of open) socket.destroy();
    open.clear();
  };
  return {
    port: (server.address() as { port: number }).port,
    cut,
    restore() {
      up = true;
    },
    close() {
      cut();
      return new Promise((done) => server.close(() => done()));
    },
  };
}
