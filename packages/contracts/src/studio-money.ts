import { z } from 'zod';
import { studioMessages } from './studio-messages.ts';

/**
 * Money: on the wire amounts are decimal dollars with at most 2 places (like every API of ours); the
 * game engine works in integer cents. Every money field is a zod codec, so the one conversion happens
 * at the edge: parsing (`schema.parse`, `z.decode`, the server's request validator) yields cents,
 * `z.encode` (the server's response serializer) turns the engine's cents back into dollars. A page
 * builds requests with the input types (`z.input<…>`, dollars) and reads responses as the same.
 */

/** Largest single stake in cents ($10,000): keeps every payout (keno tops at 10,000×) a safe integer. */
export const STUDIO_MAX_STAKE_CENTS = 1_000_000;

const hasAtMostTwoPlaces = (v: number) => Number.isFinite(v) && Number(v.toFixed(2)) === v;
const toCents = (dollars: number) => Math.round(dollars * 100);
const toDollars = (cents: number) => cents / 100;

/** A stake: dollars on the wire, positive integer cents once parsed. */
export const stakeSchema = z.codec(
  z
    .number()
    .min(0.01, studioMessages.stakeMin)
    .max(STUDIO_MAX_STAKE_CENTS / 100, studioMessages.stakeMax)
    .refine(hasAtMostTwoPlaces, studioMessages.amountPlaces),
  z.number().int().min(1).max(STUDIO_MAX_STAKE_CENTS),
  { decode: toCents, encode: toDollars },
);

/** A payout or total: dollars on the wire, non-negative integer cents in the engine. */
export const moneySchema = z.codec(
  z.number().min(0).refine(hasAtMostTwoPlaces, studioMessages.amountPlaces),
  z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  { decode: toCents, encode: toDollars },
);
