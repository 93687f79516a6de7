/**
 * THE SPEC'S FIXED SAMPLE DATA (spec 000 §1 and §2): the rates/leaderboard figures on the home page
 * are hard-coded sample data, not real results. Nothing else in the app reads them and no API
 * serves them. Replace this module, not the components, if real leaderboards ever arrive.
 */

export const rateChips = ['best', 'topWinners', 'highestBets', 'highestBonuses', 'mostBets'] as const;
export type RateChip = (typeof rateChips)[number];

export interface RateRow {
  player: string;
  winning: number;
  maxBet: number;
  favouriteGames: string[];
}

const players = [
  'LuckyLynx', 'NeonFox', 'AceOwl', 'VelvetCat', 'RiverBear', 'JadeTiger', 'MintWolf', 'StormHare',
  'RubyPaw', 'GoldMole', 'ZenOtter', 'OnyxCrow', 'SilkSeal', 'IronBadger', 'NovaLark', 'CedarElk',
  'PixelPuma', 'FrostYak', 'CoralLemur', 'AmberToad', 'SageHeron', 'BlazeIbis', 'DuneCamel', 'EchoBat',
  'FernMoth', 'GlowWasp', 'HazeKoi', 'IvyMarten', 'JetRaven', 'KiteSwan', 'LoamVole', 'MossNewt',
  'NimbusRam', 'OpalGecko', 'PlumQuail', 'QuartzAnt', 'RustBison', 'SandKiwi', 'TideOrca', 'UmberMink',
  'VioletEmu', 'WillowDoe', 'XenonSloth', 'YarrowJay', 'ZephyrKid', 'BriarPony', 'CinderRook', 'DaisyNewt',
  'EmberLoon', 'FlintMule',
];

const games = ['Lime Roulette', 'Blackjack VIP', 'Poker Night', 'Bacarrat Gold', 'Loto 36', 'Speed Roulette'];

/** Fixed figures, generated once from the index so the module stays short and stable across builds. */
const base: RateRow[] = players.map((player, index) => ({
  player,
  winning: Math.round(98_750 - index * 1_873.5 + ((index * 37) % 11) * 41),
  maxBet: 5_000 - ((index * 173) % 4_700),
  favouriteGames: [games[index % games.length] as string, games[(index + 2) % games.length] as string],
}));

const sortedBy = (key: (row: RateRow) => number) => [...base].sort((a, b) => key(b) - key(a));

export const ratesSampleData: Record<RateChip, RateRow[]> = {
  best: base.slice(0, 7),
  topWinners: base,
  highestBets: sortedBy((row) => row.maxBet),
  highestBonuses: sortedBy((row) => (row.winning * 7) % 9_973),
  mostBets: sortedBy((row) => (row.maxBet * 13 + row.winning) % 10_007),
};

/** Spec 000 §9: page sizes 10, 25, 50 (default 10); the podium shows 3, 5 or 7 by width. */
export const RATE_PAGE_SIZES = [10, 25, 50] as const;
export const DEFAULT_RATE_PAGE_SIZE = 10;
export const podiumSize = (width: number) => (width >= 1280 ? 7 : width >= 768 ? 5 : 3);
