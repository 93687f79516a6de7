import type { FastifyInstance } from 'fastify';

/** Every back-office area, mounted at /api/staff/<area>. */
export const backOfficeAreas: Record<string, (app: FastifyInstance) => Promise<void>> = {};
