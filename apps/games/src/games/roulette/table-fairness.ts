import { h } from '../../shared/dom.ts';
import { tr } from '../../shared/i18n.ts';
import type { Revealed } from '../../shared/revealed.ts';
import { seedPairVerifyHref } from '../../shared/verify-href.ts';

export const TABLE_CLIENT_SEED = 'paws-live-roulette';
const REVEALED_KEY = 'paws-studio:revealed:european-roulette';

/** The table seeds revealed while this browser watched the table, newest first (at most ten). */
export function revealedTableSeeds() {
  const seeds: Revealed[] = read();
  return {
    list: () => seeds,
    /** A rotation revealed the seed used up to `roundNumber`. */
    add(serverSeed: string, roundNumber: number) {
      seeds.unshift({
        serverSeed,
        serverSeedHash: '',
        clientSeed: TABLE_CLIENT_SEED,
        lastNonce: roundNumber,
      });
      seeds.splice(10);
      try {
        localStorage.setItem(REVEALED_KEY, JSON.stringify(seeds));
      } catch {
        /* private mode or full: the list lives as long as the page */
      }
    },
  };
}

function read(): Revealed[] {
  try {
    const raw = localStorage.getItem(REVEALED_KEY);
    const v = raw ? (JSON.parse(raw) as unknown) : [];
    return Array.isArray(v) ? (v as Revealed[]) : [];
  } catch {
    return [];
  }
}

/** Fairness for the table: its own seed, public client seed, round number as nonce. */
export function tableFairness(
  table: { serverSeedHash: string; roundNumber: number } | null,
  revealedSeeds: Revealed[],
): Node {
  return h(
    'div',
    { class: 'fair' },
    h(
      'p',
      { class: 'muted' },
      tr(
        'The live table draws every spin from HMAC-SHA256(table seed, "paws-live-roulette:<round>:0"). The table seed’s SHA-256 is shown before the bets; when the table rotates its seed, the old one is revealed so anyone can recompute every spin.',
      ),
    ),
    h(
      'div',
      { class: 'seed' },
      h('span', { class: 'seed__label' }, tr('Table seed (SHA-256)')),
      h('code', { class: 'seed__value' }, table?.serverSeedHash ?? '—'),
    ),
    h(
      'div',
      { class: 'seed' },
      h('span', { class: 'seed__label' }, tr('Client seed')),
      h('code', null, TABLE_CLIENT_SEED),
    ),
    h(
      'div',
      { class: 'seed' },
      h('span', { class: 'seed__label' }, tr('Nonce (round number)')),
      h('code', null, String(table?.roundNumber ?? '—')),
    ),
    revealedSeeds.length
      ? h(
          'div',
          { class: 'fair__revealed' },
          h('h3', null, tr('Revealed table seeds')),
          revealedSeeds.map((r) =>
            h(
              'div',
              { class: 'seed' },
              h(
                'span',
                { class: 'seed__label' },
                tr('Used up to round #{round}', { round: r.lastNonce ?? 0 }),
              ),
              h('code', { class: 'seed__value' }, r.serverSeed),
              h(
                'a',
                {
                  class: 'small',
                  target: '_blank',
                  rel: 'noopener',
                  href: seedPairVerifyHref({
                    game: 'european-roulette',
                    serverSeed: r.serverSeed,
                    clientSeed: TABLE_CLIENT_SEED,
                    nonce: r.lastNonce ?? 0,
                  }),
                },
                tr('Verify'),
              ),
            ),
          ),
        )
      : h('p', { class: 'muted small' }, tr('No table seed revealed since you opened the table.')),
    h(
      'p',
      { class: 'muted small' },
      tr('Check any spin on the '),
      h(
        'a',
        { href: './verify.html?game=european-roulette', target: '_blank', rel: 'noopener' },
        tr('verify page'),
      ),
      tr('.'),
    ),
  );
}
