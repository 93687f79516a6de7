import { z } from 'zod';
import { studioGameCodes } from './studio-games.ts';

export const studioGameCodeSchema = z.enum(studioGameCodes);

/* Rules and paytable screens */

export const paytableSchema = z.object({
  title: z.string(),
  columns: z.array(z.string()),
  rows: z.array(z.array(z.string())),
});
export type Paytable = z.infer<typeof paytableSchema>;

export const gameInfoSchema = z.object({
  code: studioGameCodeSchema,
  name: z.string(),
  /** Return to player in percent, e.g. 97.3. */
  rtp: z.number(),
  rtpNote: z.string(),
  rules: z.array(z.string()),
  paytables: z.array(paytableSchema),
});
export type GameInfo = z.infer<typeof gameInfoSchema>;
