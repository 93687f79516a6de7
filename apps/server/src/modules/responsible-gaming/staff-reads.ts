import { restrictionSourceOf } from '@paws/contracts/responsible-gaming';
import {
  type FlaggedPlayer,
  HARM_FLAG_SCORE,
  type HarmReason,
  type RgContact,
  type StaffRgPlayer,
} from '@paws/contracts/staff-responsible-gaming';
import { fromMinor } from '@paws/contracts/wallet';
import { and, asc, count, desc, eq, gte, inArray, max } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AccountDirectory, IdentityService } from '../identity/index.ts';
import type { PlaySessions } from './play-session.ts';
import { rgContacts, rgHarmScores } from './schema.ts';
import type { ResponsibleGamingService } from './service.ts';

const DAY = 86_400_000;
const SCORE_DAYS = 30;
const usdOrNull = (minor: number | null) => (minor === null ? null : fromMinor(minor, 'USD'));

type ContactRow = typeof rgContacts.$inferSelect;

export interface RgStaffReadDeps {
  db: Db;
  playSessions: Pick<PlaySessions, 'current'>;
  service: Pick<ResponsibleGamingService, 'overview' | 'limitHistory' | 'now'>;
  identity: Pick<IdentityService, 'selfRestrictionHistory' | 'accountOf'>;
  directory: Pick<AccountDirectory, 'emailsOf'>;
}

/** What the back office reads of a player's responsible gaming, and the players to contact. */
export function createRgStaffReads({ db, playSessions, service, identity, directory }: RgStaffReadDeps) {
  async function presentContacts(rows: ContactRow[]): Promise<RgContact[]> {
    const emails = await directory.emailsOf([...new Set(rows.map((row) => row.staffId))]);
    return rows.map((row) => ({
      id: row.id,
      userId: row.userId,
      staffId: row.staffId,
      staffEmail: emails.get(row.staffId) ?? null,
      channel: row.channel,
      outcome: row.outcome,
      note: row.note,
      at: row.at.toISOString(),
    }));
  }

  async function player(userId: string): Promise<StaffRgPlayer> {
    const at = service.now();
    const [overview, history, restrictions, contacts, scores, play] = await Promise.all([
      service.overview(userId),
      service.limitHistory(userId),
      identity.selfRestrictionHistory(userId),
      db
        .select()
        .from(rgContacts)
        .where(eq(rgContacts.userId, userId))
        .orderBy(desc(rgContacts.at))
        .limit(100),
      db
        .select()
        .from(rgHarmScores)
        .where(
          and(
            eq(rgHarmScores.userId, userId),
            gte(rgHarmScores.day, new Date(at.getTime() - SCORE_DAYS * DAY).toISOString().slice(0, 10)),
          ),
        )
        .orderBy(desc(rgHarmScores.day)),
      playSessions.current(userId),
    ]);
    return {
      limits: overview.limits,
      restrictions: restrictions.map((row) => ({
        id: row.id,
        kind: row.kind as 'TIME_OUT' | 'SELF_EXCLUSION',
        startsAt: row.startsAt.toISOString(),
        endsAt: row.endsAt?.toISOString() ?? null,
        returnAllowedAt: row.returnAllowedAt?.toISOString() ?? null,
        active: row.startsAt <= at && (row.endsAt === null || row.endsAt > at) && row.liftedAt === null,
        source: restrictionSourceOf(row.reason),
      })),
      limitHistory: history.map((row) => ({
        id: row.id,
        kind: row.kind,
        period: row.period,
        // The play-time limit's history is in minutes; the money limits' in USD.
        from: row.kind === 'PLAY_TIME' ? row.fromAmount : usdOrNull(row.fromAmount),
        to: row.kind === 'PLAY_TIME' ? row.toAmount : usdOrNull(row.toAmount),
        requestedAt: row.requestedAt.toISOString(),
        effectiveAt: row.effectiveAt.toISOString(),
        requestedBy: row.requestedBy,
      })),
      contacts: await presentContacts(contacts),
      scores: scores.map((row) => ({ day: row.day, score: row.score, reasons: row.reasons as HarmReason[] })),
      play,
    };
  }

  /** The latest scoring's flagged players (score at or above HARM_FLAG_SCORE), each with their last contact. */
  async function flagged(query: { page: number; limit: number; order: 'asc' | 'desc' }) {
    const [latest] = await db.select({ day: max(rgHarmScores.day) }).from(rgHarmScores);
    if (!latest?.day) return { items: [], total: 0 };
    const where = and(eq(rgHarmScores.day, latest.day), gte(rgHarmScores.score, HARM_FLAG_SCORE));
    const direction = query.order === 'asc' ? asc : desc;
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(rgHarmScores)
        .where(where)
        .orderBy(direction(rgHarmScores.score), asc(rgHarmScores.userId))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      db.select({ value: count() }).from(rgHarmScores).where(where),
    ]);
    const ids = rows.map((row) => row.userId);
    const [accounts, emails, contacts] = await Promise.all([
      Promise.all(ids.map((id) => identity.accountOf(id))),
      directory.emailsOf(ids),
      ids.length === 0
        ? []
        : db
            .selectDistinctOn([rgContacts.userId])
            .from(rgContacts)
            .where(inArray(rgContacts.userId, ids))
            .orderBy(rgContacts.userId, desc(rgContacts.at))
            .then(presentContacts),
    ]);
    const items: FlaggedPlayer[] = rows.map((row, i) => ({
      userId: row.userId,
      username: accounts[i]?.username ?? null,
      email: emails.get(row.userId) ?? null,
      day: row.day,
      score: row.score,
      reasons: row.reasons as HarmReason[],
      lastContact: contacts.find((contact) => contact.userId === row.userId) ?? null,
    }));
    return { items, total: total?.value ?? 0 };
  }

  return { player, flagged, presentContacts };
}

export type RgStaffReads = ReturnType<typeof createRgStaffReads>;
