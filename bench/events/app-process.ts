// The consumer side's process: the full app (events/server.ts) forked on the bench database, and its stop.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dataDir, redisUrl, secret, walletSecret } from './settings.ts';

export interface Running {
  pid: number;
  stop(): Promise<void>;
}

export async function startApp(url: string): Promise<Running> {
  const child = fork(fileURLToPath(new URL('./server.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      BENCH_DATABASE_URL: url,
      BENCH_SECRET: secret,
      BENCH_WALLET_SECRET: walletSecret,
      BENCH_REDIS_URL: redisUrl,
      BENCH_DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the app was not ready in 120 s')), 120_000);
    child.once('message', () => {
      clearTimeout(timer);
      resolve();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the app exited with ${code} before it was ready`));
    });
  }).catch((err) => {
    child.kill('SIGKILL');
    throw err;
  });
  return {
    pid: child.pid as number,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        if (child.connected) child.send('stop');
        else child.kill('SIGTERM');
      }),
  };
}
