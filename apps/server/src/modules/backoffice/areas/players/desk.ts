import { parseHistoryDate } from '@paws/contracts/history';
import { STAFF_API_PREFIX } from '@paws/contracts/staff';
import type { PlayerBet, PlayerProfile, PlayerVerification } from '@paws/contracts/staff-players';
import { staffPlayerMessages } from '@paws/contracts/staff-players';
import type { CurrencyCode } from '@paws/contracts/wallet';
import type { Db } from '../../../../db/client.ts';
import { notFound } from '../../../../lib/errors.ts';
import { createBonusesPlayerReads } from '../../../bonuses/index.ts';
import { createKycPlayerReads } from '../../../kyc/index.ts';
import { createPaymentsPlayerReads } from '../../../payments/index.ts';
import { createStudioPlayerReads } from '../../../studio/index.ts';
import { createWalletPlayerReads, STUDIO_PROVIDER } from '../../../wallet/index.ts';
import type { BackOfficeDeps } from '../../deps.ts';

export interface SectionQuery {
  page: number;
  limit: number;
  order: 'asc' | 'desc';
  dateFrom?: string;
  dateTo?: string;
}

/** The staff-only route a player's verification document is read from. */
export const playerDocumentUrl = (playerId: string, sessionId: string) =>
  `${STAFF_API_PREFIX}/players/${playerId}/verifications/${sessionId}/document`;

const range = (query: SectionQuery) => ({
  from: parseHistoryDate(query.dateFrom, 'from') ?? undefined,
  to: parseHistoryDate(query.dateTo, 'to') ?? undefined,
});

/**
 * The player page's data, each section from the module that owns it (through its public surface); every
 * read first checks that the player exists (404 otherwise).
 */
export function createPlayersDesk({
  db,
  identity,
  wallet: walletService,
  kyc: kycService,
  platformUrl,
}: Pick<BackOfficeDeps, 'identity' | 'wallet' | 'kyc'> & { db: Db; platformUrl: string }) {
  const wallet = createWalletPlayerReads(db);
  const studio = createStudioPlayerReads(db);
  const payments = createPaymentsPlayerReads(db);
  const bonuses = createBonusesPlayerReads(db);
  const kyc = createKycPlayerReads(db);
  const verifyPage = new URL('/studio/verify.html', platformUrl).href;

  async function assertPlayer(id: string) {
    if (!(await identity.accountOf(id))) throw notFound(staffPlayerMessages.notFound);
  }

  return {
    assertPlayer,

    async profile(id: string): Promise<PlayerProfile> {
      const profile = await identity.playerProfile(id);
      if (!profile) throw notFound(staffPlayerMessages.notFound);
      const balances = await walletService.balances(id);
      return { ...profile, balances: balances.map(({ currencyCode, amount }) => ({ currencyCode, amount })) };
    },

    async ledger(id: string, query: SectionQuery & { currency?: CurrencyCode }) {
      await assertPlayer(id);
      return wallet.playerLedger(id, { ...query, ...range(query) });
    },

    async bets(id: string, query: SectionQuery): Promise<{ items: PlayerBet[]; total: number }> {
      await assertPlayer(id);
      const page = await wallet.playerRounds(id, { ...query, ...range(query) });
      const links = await studio.roundLinks(
        id,
        page.items.filter((r) => r.providerCode === STUDIO_PROVIDER.code).map((r) => r.roundId),
        verifyPage,
      );
      const items = page.items.map((round) => {
        const link = round.providerCode === STUDIO_PROVIDER.code ? links.get(round.roundId) : undefined;
        return {
          ...round,
          createdAt: round.createdAt.toISOString(),
          verifyUrl: link?.verifyUrl ?? null,
          seedRevealed: link?.seedRevealed ?? null,
        };
      });
      return { items, total: page.total };
    },

    async payments(
      id: string,
      query: SectionQuery & {
        sort: 'createdAt' | 'amount';
        type?: 'DEPOSIT' | 'WITHDRAW';
        status?: 'PENDING' | 'COMPLETED' | 'DECLINED';
      },
    ) {
      await assertPlayer(id);
      return payments.playerPayments(id, { ...query, ...range(query) });
    },

    async bonuses(id: string, query: SectionQuery & { sort: 'createdAt' | 'amount' }) {
      await assertPlayer(id);
      return bonuses.playerBonuses(id, query);
    },

    async verifications(
      id: string,
      query: SectionQuery,
    ): Promise<{ items: PlayerVerification[]; total: number }> {
      await assertPlayer(id);
      const page = await kyc.playerVerifications(id, query);
      const items = page.items.map((row) => ({
        ...row,
        document: row.document ? { ...row.document, url: playerDocumentUrl(id, row.id) } : null,
      }));
      return { items, total: page.total };
    },

    async document(id: string, sessionId: string) {
      await assertPlayer(id);
      if (!(await kyc.isVerificationOf(id, sessionId))) throw notFound(staffPlayerMessages.sessionNotFound);
      return kycService.verificationDocument(sessionId);
    },

    async sessions(id: string, query: SectionQuery & { sort: 'lastUsedAt' | 'createdAt' }) {
      await assertPlayer(id);
      return identity.sessionsOf(id, query);
    },

    async signIns(id: string, query: SectionQuery & { success?: boolean }) {
      await assertPlayer(id);
      const page = await identity.signInsOf(id, query);
      return {
        items: page.items.map(({ userId: _userId, at, ...row }) => ({ ...row, at: at.toISOString() })),
        total: page.total,
      };
    },
  };
}
export type PlayersDesk = ReturnType<typeof createPlayersDesk>;
