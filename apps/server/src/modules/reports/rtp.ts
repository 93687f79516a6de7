import type { RtpQuery, RtpReport } from '@paws/contracts/staff-reports';
import { STUDIO_PROVIDER_CODE } from '@paws/contracts/studio-api';
import { fromMinor } from '@paws/contracts/wallet';
import type { ObservedRtp } from '../studio/index.ts';
import { addDays, startOf } from './days.ts';
import type { CatalogGame } from './queries.ts';

export interface RtpDeps {
  games(): Promise<CatalogGame[]>;
  documented(gameCode: string): { rtp: number; note: string } | undefined;
  observed(range: { from?: Date; to?: Date }): Promise<ObservedRtp[]>;
}

/** z for a two-sided 95% interval under the normal approximation. */
const Z95 = 1.96;
const percent = (ratio: number) => ratio * 100;

/**
 * The RTP report: per catalogue game, the RTP its studio documents beside the one its settled rounds show
 * (wins ÷ stakes), the rounds, and a 95% interval for the mean per-round return: mean ± 1.96·sd/√n of each
 * round's win ÷ stake (the normal approximation, sound for the thousands of rounds a verdict needs; with
 * fewer than two rounds there is no interval).
 */
export function createRtpReport({ games, documented, observed }: RtpDeps) {
  return async function rtpReport(query: RtpQuery): Promise<RtpReport> {
    const [catalogue, rounds] = await Promise.all([
      games(),
      observed({
        from: query.dateFrom ? startOf(query.dateFrom) : undefined,
        to: query.dateTo ? startOf(addDays(query.dateTo, 1)) : undefined,
      }),
    ]);
    const byGame = new Map(rounds.map((r) => [r.gameCode, r]));
    return {
      items: catalogue.map((game) => {
        const ours = game.providerCode === STUDIO_PROVIDER_CODE;
        const docs = ours ? documented(game.gameCode) : undefined;
        const seen = ours ? byGame.get(game.gameCode) : undefined;
        const n = seen?.rounds ?? 0;
        const halfWidth =
          seen && seen.sdReturn !== null && n > 1 ? (Z95 * seen.sdReturn) / Math.sqrt(n) : null;
        return {
          gameId: game.id,
          providerCode: game.providerCode,
          gameCode: game.gameCode,
          name: game.name,
          enabled: game.enabled,
          documentedRtp: docs?.rtp ?? null,
          documentedNote: docs?.note ?? null,
          rounds: n,
          stakes: fromMinor(seen?.stakes ?? 0, 'USD'),
          wins: fromMinor(seen?.wins ?? 0, 'USD'),
          observedRtp: seen && seen.stakes > 0 ? percent(seen.wins / seen.stakes) : null,
          interval:
            seen && halfWidth !== null
              ? { low: percent(seen.meanReturn - halfWidth), high: percent(seen.meanReturn + halfWidth) }
              : null,
        };
      }),
    };
  };
}
