import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type ModuleName, parseServices } from '../modules/manifest.ts';
import { createEventBus, type EventBus } from './events/bus.ts';
import { createJobRunner, type JobRunner } from './jobs/runner.ts';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
    events: EventBus;
    /**
     * Whether this process serves the module (SERVICES): its routes, sockets, subscribers and jobs. Every
     * process builds every module's service, which the others call in process.
     */
    serves(module: ModuleName): boolean;
  }
}

/**
 * The backbone every module stands on: the job runner and the domain-event bus (outbox dispatcher and
 * subscriber delivery), on the app's database. Registered before the modules; stopped before it closes.
 */
export const backbone = fp(
  async (app: FastifyInstance) => {
    const jobs = await createJobRunner(app.database, app.log);
    const events = createEventBus({ database: app.database, jobs, log: app.log });
    const served = parseServices(app.env.SERVICES);
    app.decorate('serves', (module: ModuleName) => served.has(module));
    app.decorate('jobs', jobs);
    app.decorate('events', events);
    app.addHook('onReady', () => events.start());
    app.addHook('preClose', async () => {
      await events.stop();
      await jobs.stop();
    });
  },
  { name: 'backbone', dependencies: ['env', 'database'] },
);
