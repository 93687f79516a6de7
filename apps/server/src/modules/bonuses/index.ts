// The bonuses module's public surface: its service (app.bonuses: the engine, the staff's rule and promo-code
// calls, and redeemPromoCode / validatePromoCode for sign-up).
export type { BonusesService } from './service.ts';
export { type BonusesPlayerReads, createBonusesPlayerReads } from './staff-player-reads.ts';
