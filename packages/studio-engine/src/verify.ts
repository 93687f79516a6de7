/**
 * Recompute a past round from its seeds, in the player's browser (the verify page) or anywhere else:
 * the same functions the game ran, fed by the same HMAC stream, so the answer is the round's result
 * to the card. Multi-step games replay
 * the player's decisions (blackjack actions, video poker holds) on top of the deal.
 */
import type { VerifyRequest, VerifyResponse } from '@paws/contracts/studio';
import { rouletteColor } from '@paws/contracts/studio';
import { assertClientSeed, assertNonce, assertServerSeed, fairStream, hashServerSeed } from './fair.ts';
import { playBaccarat } from './games/baccarat.ts';
import * as blackjack from './games/blackjack.ts';
import { playKeno } from './games/keno.ts';
import { spin } from './games/roulette.ts';
import { playSlot } from './games/slot.ts';
import * as videoPoker from './games/video-poker.ts';

type Game = VerifyRequest['game'];
type Input<G extends Game> = Omit<
  Extract<VerifyRequest, { game: G }>,
  'game' | 'serverSeed' | 'clientSeed' | 'nonce'
>;
type Output<G extends Game> = Extract<VerifyResponse, { game: G }>;

export function verify<G extends Game>(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  game: G,
  input: Input<G>,
): Output<G> {
  assertServerSeed(serverSeed);
  assertClientSeed(clientSeed);
  assertNonce(nonce);
  const rng = fairStream({ serverSeed, clientSeed, nonce });
  const serverSeedHash = hashServerSeed(serverSeed);
  const request = { game, ...input } as unknown as VerifyRequest;
  let response: VerifyResponse;
  switch (request.game) {
    case 'roulette': {
      const number = spin(rng);
      response = {
        game: 'roulette',
        serverSeedHash,
        result: { roundNumber: nonce, number, color: rouletteColor(number) },
      };
      break;
    }
    case 'blackjack': {
      let state = blackjack.deal(rng, request.bet);
      for (const action of request.actions) state = blackjack.act(state, action);
      response = { game: 'blackjack', serverSeedHash, result: blackjack.publicView(state) };
      break;
    }
    case 'baccarat':
      response = { game: 'baccarat', serverSeedHash, result: playBaccarat(rng, request.bet) };
      break;
    case 'video-poker': {
      let state = videoPoker.deal(rng, request.bet);
      if (request.held) state = videoPoker.draw(state, request.held);
      response = { game: 'video-poker', serverSeedHash, result: videoPoker.publicView(state) };
      break;
    }
    case 'slot':
      response = { game: 'slot', serverSeedHash, result: playSlot(rng, request.bet) };
      break;
    case 'keno':
      response = { game: 'keno', serverSeedHash, result: playKeno(rng, request.bet) };
      break;
  }
  return response as Output<G>;
}
