// Every module's tables, for drizzle-kit and the relational query API. Modules own their schema files.
export * from '../modules/outbox/schema.ts';
