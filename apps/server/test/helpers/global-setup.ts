import type { TestProject } from 'vitest/node';
import { buildDatabaseTemplate } from './db-template.ts';

/**
 * Once per run, before any test file: migrates one template database from the current migrations
 * (PGlite, or PostgreSQL when DATABASE_URL is set) that every file's database starts from, and removes
 * it when the run ends.
 */
export default async function setup(project: TestProject) {
  const { template, destroy } = await buildDatabaseTemplate(process.env.DATABASE_URL);
  project.provide('databaseTemplate', template);
  return destroy;
}
