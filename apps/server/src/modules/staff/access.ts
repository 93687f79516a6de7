import type { StaffRole } from '@paws/contracts/staff';
import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../../lib/errors.ts';

/** The staff member behind a back-office request: set by the staff session check of every /api/staff route. */
export interface StaffActor {
  id: string;
  email: string | null;
  roles: StaffRole[];
  sessionId: string;
  ip: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    staff: StaffActor | null;
  }
}

/** The staff member of a request that passed the permission check. */
export function staffOf(request: FastifyRequest): StaffActor {
  if (!request.staff) throw unauthorized();
  return request.staff;
}

/** What app.audit.record wants to know about who acted. */
export function actorOf(request: FastifyRequest) {
  const staff = staffOf(request);
  return { actorId: staff.id, actorRoles: staff.roles, ip: staff.ip };
}
