import type { StaffPage } from '@paws/contracts/staff-lists';
import {
  type StaffGame,
  type StaffGameListQuery,
  type StaffGameUpdate,
  staffReportsMessages,
} from '@paws/contracts/staff-reports';
import { and, asc, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { ChangeFeed } from '../../core/changes.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { gameProviders, games } from './schema.ts';

/** `%` and `_` typed by staff are matched literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const columns = {
  id: games.id,
  providerCode: games.providerCode,
  providerName: gameProviders.name,
  gameCode: games.gameCode,
  name: games.name,
  category: games.category,
  kind: games.kind,
  imageUrl: games.imageUrl,
  enabled: games.enabled,
  order: games.sortOrder,
  recommended: games.recommended,
  isNew: games.isNew,
  updatedAt: games.updatedAt,
};

type Row = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] };

const toStaffGame = (row: Row): StaffGame => ({ ...row, updatedAt: row.updatedAt.toISOString() });

const sortColumns = {
  order: games.sortOrder,
  name: games.name,
  category: games.category,
  enabled: games.enabled,
  recommended: games.recommended,
  updatedAt: games.updatedAt,
} as const;

/** The settings an update may change, as the games row names them. */
const settingOf = {
  enabled: 'enabled',
  order: 'sortOrder',
  category: 'category',
  recommended: 'recommended',
} as const;

/**
 * The catalogue's settings for the back office: every game, enabled or not, and the four settings staff
 * change (enabled, order, category, recommended). The player's catalogue reads the same rows, so a change
 * shows in the lobby with the next request.
 */
export function createGamesAdmin(db: Db, changes: Pick<ChangeFeed, 'announce' | 'changedHere'>) {
  const select = (q: DbOrTx = db) =>
    q
      .select(columns)
      .from(games)
      .innerJoin(gameProviders, eq(gameProviders.code, games.providerCode))
      .$dynamic();

  async function list(query: StaffGameListQuery, page: number, limit: number): Promise<StaffPage<StaffGame>> {
    const where: (SQL | undefined)[] = [
      query.search ? ilike(games.name, likePattern(query.search)) : undefined,
      query.category ? eq(games.category, query.category) : undefined,
      query.enabled ? eq(games.enabled, query.enabled === 'true') : undefined,
    ];
    const direction = query.order === 'asc' ? asc : desc;
    const [rows, [total]] = await Promise.all([
      select()
        .where(and(...where))
        .orderBy(direction(sortColumns[query.sort]), asc(games.sortOrder), asc(games.name), asc(games.id))
        .limit(limit)
        .offset((page - 1) * limit),
      db
        .select({ count: count() })
        .from(games)
        .where(and(...where)),
    ]);
    return { items: rows.map(toStaffGame), total: total?.count ?? 0 };
  }

  /**
   * Changes a game's settings and hands the before and after to `audit` in the same transaction (the
   * action's audit row commits with it or not at all). An unknown id is a 404 on `id`.
   */
  async function update(
    id: string,
    patch: StaffGameUpdate,
    audit: (tx: DbOrTx, change: { before: StaffGame; after: StaffGame }) => Promise<unknown>,
  ): Promise<StaffGame> {
    const updated = await db.transaction(async (tx) => {
      const [before] = await select(tx).where(eq(games.id, id)).for('update', { of: games });
      if (!before) throw new AppError(404, staffReportsMessages.gameNotFound, 'id');
      const set: Partial<typeof games.$inferInsert> = { updatedAt: new Date() };
      for (const [key, column] of Object.entries(settingOf) as [keyof StaffGameUpdate, keyof typeof set][]) {
        if (patch[key] !== undefined) Object.assign(set, { [column]: patch[key] });
      }
      await tx.update(games).set(set).where(eq(games.id, id));
      const [after] = await select(tx).where(eq(games.id, id));
      const change = { before: toStaffGame(before), after: toStaffGame(after as Row) };
      await audit(tx, change);
      await changes.announce(tx, 'catalog');
      return change.after;
    });
    changes.changedHere('catalog');
    return updated;
  }

  /** Every catalogue game with what the reports show beside it. */
  async function all() {
    return db
      .select({
        id: games.id,
        providerCode: games.providerCode,
        gameCode: games.gameCode,
        name: games.name,
        enabled: games.enabled,
        order: games.sortOrder,
      })
      .from(games)
      .orderBy(asc(games.sortOrder), asc(games.name));
  }

  return { list, update, all };
}

export type GamesAdmin = ReturnType<typeof createGamesAdmin>;
