import '../styles/studio.css';
import './pages.css';
import { h, s } from '../shared/dom.ts';
import { GAMES, type GameMeta } from '../shared/games.ts';
import { paw } from '../shared/icons.ts';

function tileArt(g: GameMeta) {
  const id = `t-${g.code}`;
  return s(
    'svg',
    { viewBox: '0 0 320 200', class: 'tile__art', 'aria-hidden': 'true' },
    s(
      'defs',
      null,
      s(
        'linearGradient',
        { id, x1: 0, y1: 0, x2: 1, y2: 1 },
        s('stop', { offset: 0, 'stop-color': `hsl(${g.hue} 70% 32%)` }),
        s('stop', { offset: 1, 'stop-color': `hsl(${g.hue + 30} 70% 10%)` }),
      ),
    ),
    s('rect', { width: 320, height: 200, fill: `url(#${id})` }),
    s('circle', { cx: 250, cy: 40, r: 90, fill: 'rgba(255,255,255,0.06)' }),
    s('circle', { cx: 40, cy: 190, r: 70, fill: 'rgba(198,244,50,0.08)' }),
    s(
      'text',
      {
        x: 160,
        y: 128,
        'text-anchor': 'middle',
        'font-size': 96,
        'font-weight': 900,
        fill: 'rgba(255,255,255,0.92)',
        'font-family': 'Georgia, serif',
      },
      g.glyph,
    ),
  );
}

const app = h(
  'div',
  { class: 'app lobby' },
  h(
    'header',
    { class: 'lobby__head' },
    h(
      'div',
      { class: 'lobby__brand' },
      h('span', { class: 'topbar__logo' }, paw(22)),
      h(
        'div',
        null,
        h('h1', null, 'PAWS Studio'),
        h('p', { class: 'muted' }, 'Provably fair games made in house'),
      ),
    ),
    h('a', { class: 'btn btn--ghost', href: './verify.html' }, 'Verify a round'),
  ),
  h(
    'main',
    { class: 'lobby__grid' },
    GAMES.map((g) =>
      h(
        'a',
        { class: 'tile', href: `./${g.code}.html`, dataset: { game: g.code } },
        tileArt(g),
        h(
          'div',
          { class: 'tile__body' },
          h('strong', null, g.title),
          h('span', { class: 'muted small' }, g.tagline),
        ),
      ),
    ),
  ),
  h(
    'footer',
    { class: 'lobby__foot muted small' },
    'Open a game from the casino to play with your balance. Every outcome comes from HMAC-SHA256 of a server seed you can verify, your client seed and a nonce.',
  ),
);
document.getElementById('app')?.replaceWith(app);
document.body.dataset.ready = 'true';
