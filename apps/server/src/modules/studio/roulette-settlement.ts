import type { RouletteBet } from '@paws/contracts/studio';
import { rouletteSettledEventSchema } from '@paws/contracts/studio-api';
import type { CurrencyCode } from '@paws/contracts/wallet';
import { settle } from '@paws/studio-engine/games/roulette';
import type { Namespace } from 'socket.io';
import { z } from 'zod';
import type { RouletteRepository, RoundRow } from './roulette-repository.ts';
import { TABLE_GAME, userRoom } from './roulette-table-state.ts';
import type { StudioService, StudioSession } from './service.ts';

export interface RouletteSettlementDeps {
  repo: RouletteRepository;
  studio: StudioService;
  namespace: () => Namespace;
  now: () => Date;
  log: { error(obj: unknown, msg?: string): void };
}

/** What one player hears of a settled round: every placement of theirs summed up. */
interface PlayerOutcome {
  totalStake: number;
  totalPayout: number;
  bets: ReturnType<typeof settle>['bets'];
  balance: number | null;
  session: { token: string; currency: CurrencyCode };
}

export function createRouletteSettlement({ repo, studio, namespace, now, log }: RouletteSettlementDeps) {
  /** Pays every placement of the round (wins are idempotent, so a resumed settlement pays nothing twice). */
  async function settleRound(round: RoundRow) {
    const number = round.number as number;
    const placements = await repo.unsettledPlacements(round.roundNumber);
    const perUser = new Map<string, PlayerOutcome>();
    for (const { bet, round: row } of placements) {
      try {
        const settlement = settle(bet.bets as RouletteBet[], number);
        let balance: number | null = null;
        if (settlement.totalPayout > 0) {
          balance = await studio.credit({
            transactionId: `${row.id}:win`,
            referenceTransactionId: `${row.id}:bet`,
            roundId: row.id,
            sessionToken: row.walletSessionToken,
            userId: row.userId,
            currency: row.currency as CurrencyCode,
            cents: settlement.totalPayout,
            game: TABLE_GAME,
          });
        }
        const at = now();
        await repo.finishPlacement(row.id, { payout: settlement.totalPayout, result: settlement }, at);
        const entry = perUser.get(row.userId) ?? {
          totalStake: 0,
          totalPayout: 0,
          bets: [],
          balance: null,
          session: { token: row.walletSessionToken, currency: row.currency as CurrencyCode },
        };
        entry.totalStake += settlement.totalStake;
        entry.totalPayout += settlement.totalPayout;
        entry.bets.push(...settlement.bets);
        if (balance !== null) entry.balance = balance;
        perUser.set(row.userId, entry);
      } catch (err) {
        log.error({ err, roundId: row.id }, 'roulette settlement failed; retried at the next round');
      }
    }
    for (const [userId, entry] of perUser) {
      try {
        const balance =
          entry.balance ??
          (await studio.walletBalance({
            userId,
            walletSessionToken: entry.session.token,
            currency: entry.session.currency,
          } as StudioSession));
        namespace()
          .to(userRoom(userId))
          .emit(
            'settled',
            z.encode(rouletteSettledEventSchema, {
              roundNumber: round.roundNumber,
              totalStake: entry.totalStake,
              totalPayout: entry.totalPayout,
              bets: entry.bets,
              balance,
            }),
          );
      } catch (err) {
        log.error({ err, userId }, 'roulette settled event failed');
      }
    }
    await repo.markRoundSettled(round.roundNumber, now());
  }

  /** Settles placements a previous driver left behind (a crash between the result and the payments). */
  async function settleLeftovers(current: number) {
    const numbers = (await repo.roundNumbersWithUnsettledPlacements()).filter((n) => n !== current);
    if (numbers.length === 0) return;
    const rounds = await repo.roundsByNumbers(numbers);
    for (const round of rounds) await settleRound(round);
  }

  return { settleRound, settleLeftovers };
}
