import type { StaffRole } from '@paws/contracts/staff';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../lib/errors.ts';

export type AuthorizeHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * An onRequest hook for a route subtree: 401 without a live session, 403 `{statusCode, message}` unless
     * the account holds one of the roles. Admin passes every check (the role matrix gives it everything).
     */
    authorize(role: StaffRole, ...more: StaffRole[]): AuthorizeHook;
  }
}

/** Whether an account holding `held` may do what `allowed` may. */
export function mayAct(held: readonly StaffRole[], allowed: readonly StaffRole[]) {
  return held.includes('admin') || held.some((role) => allowed.includes(role));
}

/**
 * Permissions as hooks on whole route subtrees, from one role matrix (docs/decisions.md):
 * `app.register(async (staff) => { staff.addHook('onRequest', app.authorize('support', 'admin')); … })`.
 * The roles come with the session check of the same request, so a revoked role takes effect at once.
 */
export const authorize = fp(
  async (app: FastifyInstance) => {
    app.decorate('authorize', (...allowed: StaffRole[]): AuthorizeHook => {
      return async function authorizeHook(request, reply) {
        if (!request.user) await app.authenticate(request, reply);
        if (!request.user || !mayAct(request.user.staffRoles, allowed)) throw forbidden();
      };
    });
  },
  { name: 'authorize', dependencies: ['authenticate'] },
);
