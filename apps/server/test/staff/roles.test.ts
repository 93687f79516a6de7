import { demoAccounts } from '@paws/contracts/auth';
import { type AuditEntry, auditActions, type StaffList, staffMessages } from '@paws/contracts/staff';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/lib/errors.ts';
import { auditLog } from '../../src/modules/audit/schema.ts';
import { staffRoles } from '../../src/modules/identity/schema.ts';
import { PASSWORD } from '../identity/helpers.ts';
import {
  backOfficeBrowser,
  createStaffTestApp,
  demoStaffAccounts,
  STAFF,
  type StaffTestApp,
  signedInNewPlayer,
  signedInStaff,
  signIn,
  userDataOf,
  userIdOf,
} from './helpers.ts';

let ctx: StaffTestApp;
beforeAll(async () => {
  ctx = await createStaffTestApp();
});
afterAll(() => ctx?.close());

/** The role changes audited on an account (its own back-office sign-ins and enrolment are audited too). */
const auditRowsFor = (targetId: string) =>
  ctx.app.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, targetId), like(auditLog.action, 'role.%')));
const rolesHeld = async (userId: string) =>
  (await ctx.app.database.db.select().from(staffRoles).where(eq(staffRoles.userId, userId)))
    .map((r) => r.role)
    .sort();

describe('the seeded staff', () => {
  it('are one account per staff role, plus the manager as support, all granted by the system', async () => {
    const admin = await signedInStaff(ctx.app, 'admin');
    const res = await admin.bo.get(`${STAFF}/roles`);
    expect(res.statusCode).toBe(200);
    const { staff } = res.json() as StaffList;
    const byEmail = Object.fromEntries(staff.map((m) => [m.email, m.roles.map((r) => r.role)]));
    expect(byEmail).toEqual({
      [demoStaffAccounts.admin.email]: ['admin'],
      [demoStaffAccounts.content.email]: ['content'],
      [demoStaffAccounts.finance.email]: ['finance'],
      [demoAccounts.manager.email]: ['support'],
      [demoStaffAccounts.support.email]: ['support'],
    });
    for (const member of staff) {
      for (const grant of member.roles) expect(grant.grantedBy).toBeNull();
    }
  });

  it("keep the spec's role in user data: admin is admin, other staff roles read manager", async () => {
    const admin = await signedInStaff(ctx.app, 'admin');
    expect(await userDataOf(admin.b)).toMatchObject({ role: 'admin', isManager: true });
    const finance = await signedInStaff(ctx.app, 'finance');
    expect(await userDataOf(finance.b)).toMatchObject({ role: 'manager', isManager: true });
    const manager = await signIn(ctx.app, demoAccounts.manager.email, demoAccounts.manager.password);
    expect(await userDataOf(manager)).toMatchObject({ role: 'manager', isManager: true });
  });
});

describe('granting and revoking roles', () => {
  it('only admins may: the service refuses anyone else, changes nothing and audits nothing', async () => {
    const player = await signedInNewPlayer(ctx.app);
    for (const account of ['support', 'content', 'finance'] as const) {
      const actor = await signedInStaff(ctx.app, account);
      const refused = ctx.app.staff.grantRole(
        { id: actor.userId, ip: '198.51.100.1' },
        player.userId,
        'admin',
      );
      await expect(refused).rejects.toThrow(staffMessages.onlyAdmins);
      await expect(refused).rejects.toBeInstanceOf(AppError);
      await expect(refused).rejects.toMatchObject({ statusCode: 403 });
      const http = await actor.bo.post(`${STAFF}/roles`, { userId: player.userId, role: 'admin' });
      expect(http.statusCode).toBe(403);
    }
    await expect(
      ctx.app.staff.grantRole({ id: player.userId }, player.userId, 'admin'),
    ).rejects.toMatchObject({ statusCode: 403, message: staffMessages.onlyAdmins });
    expect(await rolesHeld(player.userId)).toEqual([]);
    expect(await auditRowsFor(player.userId)).toEqual([]);
    expect(await userDataOf(player.b)).toMatchObject({ role: 'player', isManager: false });
  });

  it('every grant and revoke writes one audit row: actor, roles, action, target, before, after, IP', async () => {
    const admin = await signedInStaff(ctx.app, 'admin');
    const player = await signedInNewPlayer(ctx.app);
    const ip = '203.0.113.9';
    const as = { remoteAddress: ip };

    const first = await admin.bo.post(`${STAFF}/roles`, { userId: player.userId, role: 'finance' }, as);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ userId: player.userId, roles: ['finance'] });
    expect(await userDataOf(player.b)).toMatchObject({ role: 'manager', isManager: true });

    const second = await admin.bo.post(`${STAFF}/roles`, { userId: player.userId, role: 'admin' }, as);
    expect(second.json()).toEqual({ userId: player.userId, roles: ['finance', 'admin'] });
    expect(await userDataOf(player.b)).toMatchObject({ role: 'admin' });

    const revoked = await admin.bo.del(`${STAFF}/roles/${player.userId}/admin`, as);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ userId: player.userId, roles: ['finance'] });
    expect(await userDataOf(player.b)).toMatchObject({ role: 'manager' });

    const rows = await auditRowsFor(player.userId);
    expect(rows).toHaveLength(3);
    const page = await admin.bo.get(`${STAFF}/audit?targetType=user&targetId=${player.userId}`);
    expect(page.statusCode).toBe(200);
    const { items: entries, total } = page.json() as { items: AuditEntry[]; total: number };
    expect(total).toBe(3);
    const common = {
      actorId: admin.userId,
      actorRoles: ['admin'],
      targetType: 'user',
      targetId: player.userId,
      ip,
    };
    // Newest first.
    expect(entries).toMatchObject([
      {
        ...common,
        action: auditActions.roleRevoke,
        before: { roles: ['finance', 'admin'] },
        after: { roles: ['finance'] },
      },
      {
        ...common,
        action: auditActions.roleGrant,
        before: { roles: ['finance'] },
        after: { roles: ['finance', 'admin'] },
      },
      { ...common, action: auditActions.roleGrant, before: { roles: [] }, after: { roles: ['finance'] } },
    ]);
    for (const entry of entries) expect(Date.parse(entry.at)).toBeGreaterThan(Date.now() - 60_000);

    // The grant keeps who gave it.
    const [grant] = await ctx.app.database.db
      .select()
      .from(staffRoles)
      .where(eq(staffRoles.userId, player.userId));
    expect(grant).toMatchObject({ role: 'finance', grantedBy: admin.userId });
  });

  it('a repeated grant or a revoke of a role not held changes nothing and is still one audit row', async () => {
    const admin = await signedInStaff(ctx.app, 'admin');
    const player = await signedInNewPlayer(ctx.app);
    await ctx.app.staff.grantRole({ id: admin.userId }, player.userId, 'content');
    const again = await ctx.app.staff.grantRole({ id: admin.userId }, player.userId, 'content');
    expect(again).toEqual({ userId: player.userId, roles: ['content'] });
    const none = await ctx.app.staff.revokeRole({ id: admin.userId }, player.userId, 'finance');
    expect(none).toEqual({ userId: player.userId, roles: ['content'] });
    const rows = await auditRowsFor(player.userId);
    expect(rows).toHaveLength(3);
    expect(rows.filter((r) => JSON.stringify(r.before) === JSON.stringify(r.after))).toHaveLength(2);
    expect(rows.every((r) => r.ip === null)).toBe(true);
  });

  it('the last admin cannot lose the admin role; with a second admin it can', async () => {
    const admin = await signedInStaff(ctx.app, 'admin');
    const alone = await admin.bo.del(`${STAFF}/roles/${admin.userId}/admin`);
    expect(alone.statusCode).toBe(409);
    expect(alone.json()).toEqual({ statusCode: 409, message: staffMessages.lastAdmin, field: 'role' });
    expect(await rolesHeld(admin.userId)).toEqual(['admin']);
    expect(await auditRowsFor(admin.userId)).toEqual([]);

    const deputy = await signedInNewPlayer(ctx.app);
    expect((await admin.bo.post(`${STAFF}/roles`, { userId: deputy.userId, role: 'admin' })).statusCode).toBe(
      201,
    );
    // The deputy takes the first admin's role away, then gives it back.
    const deputyBo = await backOfficeBrowser(ctx.app, deputy.email, PASSWORD);
    const taken = await deputyBo.del(`${STAFF}/roles/${admin.userId}/admin`);
    expect(taken.statusCode).toBe(200);
    // With no staff role left, the back-office session lets nothing through.
    expect((await admin.bo.get(`${STAFF}/roles`)).statusCode).toBe(401);
    const lastOne = await deputyBo.del(`${STAFF}/roles/${deputy.userId}/admin`);
    expect(lastOne.statusCode).toBe(409);
    expect((await deputyBo.post(`${STAFF}/roles`, { userId: admin.userId, role: 'admin' })).statusCode).toBe(
      201,
    );
    expect((await admin.bo.get(`${STAFF}/roles`)).statusCode).toBe(200);
    expect((await admin.bo.del(`${STAFF}/roles/${deputy.userId}/admin`)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown account and 400 for a bad role or id', async () => {
    const admin = await signedInStaff(ctx.app, 'admin');
    const unknown = await admin.bo.post(`${STAFF}/roles`, {
      userId: '00000000-0000-4000-8000-000000000000',
      role: 'support',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ statusCode: 404, message: staffMessages.userNotFound });

    const player = await userIdOf(ctx.app, demoAccounts.player.email);
    const badRole = await admin.bo.post(`${STAFF}/roles`, { userId: player, role: 'player' });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json()).toMatchObject({ field: 'role', message: staffMessages.role });
    const badId = await admin.bo.post(`${STAFF}/roles`, { userId: 'nope', role: 'support' });
    expect(badId.json()).toMatchObject({ statusCode: 400, field: 'userId' });
    expect((await admin.bo.del(`${STAFF}/roles/${player}/manager`)).statusCode).toBe(400);
    expect(await rolesHeld(player)).toEqual([]);
  });
});
