/**
 * The studio's games: bet inputs, actions, round results and the provably fair seeds, shared by the
 * game pages (apps/games) and the server (modules/studio). One file per topic beside this one; this
 * module gathers them, so `@paws/contracts/studio` stays the one import. Money fields are codecs
 * (dollars on the wire, cents once parsed): see ./studio-money.ts.
 */

export * from './studio-card-games.ts';
export * from './studio-fairness.ts';
export * from './studio-game-info.ts';
export { type StudioGameCode, studioGameCodes } from './studio-games.ts';
export * from './studio-keno.ts';
export * from './studio-messages.ts';
export * from './studio-money.ts';
export * from './studio-roulette.ts';
export * from './studio-slot.ts';
export * from './studio-verify.ts';
