import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type ModuleName, parseServices } from '../modules/manifest.ts';
import { type ChangeFeed, createChangeFeed } from './changes.ts';
import { createEventBus, type EventBus } from './events/bus.ts';
import { createJobRunner, type JobRunner } from './jobs/runner.ts';
import { markStart } from './start-timeline.ts';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
    events: EventBus;
    /** Change notices for in-process read caches, in every process (core/changes.ts). */
    changes: ChangeFeed;
    /**
     * Whether this process serves the module (SERVICES): its routes, sockets, subscribers and jobs. Every
     * process builds every module's service, which the others call in process.
     */
    serves(module: ModuleName): boolean;
  }
}

/**
 * The backbone every module stands on: the job runner, the domain-event bus (outbox dispatcher and
 * subscriber delivery) and the change notices of read caches, on the app's database. Registered before the modules; stopped before it closes.
 */
export const backbone = fp(
  async (app: FastifyInstance) => {
    const jobs = await createJobRunner(app.database, app.log);
    markStart('jobs');
    const events = createEventBus({ database: app.database, jobs, log: app.log });
    const served = parseServices(app.env.SERVICES);
    app.decorate('serves', (module: ModuleName) => served.has(module));
    app.decorate('jobs', jobs);
    app.decorate('events', events);
    const changes = createChangeFeed(app.database, app.log);
    app.decorate('changes', changes);
    app.addHook('onReady', async () => {
      await changes.start();
      await events.start();
    });
    app.addHook('preClose', async () => {
      await changes.stop();
      await events.stop();
      await jobs.stop();
    });
  },
  { name: 'backbone', dependencies: ['env', 'database'] },
);
