// The studio's public surface for other modules: what it knows of a round (reconciliation).
export type { RoundState } from './round-checks.ts';
export { documentedRtp, type ObservedRtp, observedRtp } from './rtp-reads.ts';
export {
  createStudioPlayerReads,
  type StudioPlayerReads,
  type StudioRoundLink,
} from './staff-player-reads.ts';
