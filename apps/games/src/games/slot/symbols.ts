/** Wild Paws symbols, drawn in SVG (no image files, no emoji fonts needed). */
import type { SlotSymbol } from '@paws/contracts/studio';
import { s } from '../../shared/dom.ts';

const face = (fill: string, ears: SVGElement[], extra: SVGElement[] = []) =>
  s(
    'g',
    null,
    ...ears,
    s('circle', { cx: 50, cy: 54, r: 26, fill }),
    s('circle', { cx: 41, cy: 50, r: 3.6, fill: '#111' }),
    s('circle', { cx: 59, cy: 50, r: 3.6, fill: '#111' }),
    ...extra,
  );

const letter = (ch: string, from: string, to: string) =>
  s(
    'g',
    null,
    s(
      'defs',
      null,
      s(
        'linearGradient',
        { id: `g-${ch}`, x1: 0, y1: 0, x2: 0, y2: 1 },
        s('stop', { offset: 0, 'stop-color': from }),
        s('stop', { offset: 1, 'stop-color': to }),
      ),
    ),
    s(
      'text',
      {
        x: 50,
        y: 70,
        'text-anchor': 'middle',
        'font-size': 58,
        'font-weight': 900,
        'font-family': 'Georgia, serif',
        fill: `url(#g-${ch})`,
        stroke: 'rgba(0,0,0,0.45)',
        'stroke-width': 2,
      },
      ch,
    ),
  );

function art(symbol: SlotSymbol): SVGElement {
  switch (symbol) {
    case 'wild':
      return s(
        'g',
        null,
        s('circle', { cx: 50, cy: 46, r: 34, fill: '#c6f432' }),
        s(
          'g',
          { transform: 'translate(27 22) scale(0.72)', fill: '#101406' },
          s('ellipse', { cx: 14, cy: 26, rx: 6.5, ry: 8.5 }),
          s('ellipse', { cx: 25, cy: 14, rx: 6.5, ry: 9 }),
          s('ellipse', { cx: 39, cy: 14, rx: 6.5, ry: 9 }),
          s('ellipse', { cx: 50, cy: 26, rx: 6.5, ry: 8.5 }),
          s('path', {
            d: 'M32 30c-9 0-18 10-18 18 0 6 5 9 10 8 3-1 5-2 8-2s5 1 8 2c5 1 10-2 10-8 0-8-9-18-18-18z',
          }),
        ),
        s('rect', { x: 18, y: 74, width: 64, height: 18, rx: 6, fill: '#101406' }),
        s(
          'text',
          {
            x: 50,
            y: 88,
            'text-anchor': 'middle',
            'font-size': 14,
            'font-weight': 900,
            fill: '#c6f432',
            'letter-spacing': 2,
          },
          'WILD',
        ),
      );
    case 'scatter':
      return s(
        'g',
        null,
        s('polygon', {
          points: '50,8 61,36 92,38 67,57 76,88 50,70 24,88 33,57 8,38 39,36',
          fill: '#ffcf3a',
          stroke: '#ff8a00',
          'stroke-width': 3,
        }),
        s(
          'text',
          { x: 50, y: 60, 'text-anchor': 'middle', 'font-size': 12, 'font-weight': 900, fill: '#5a2a00' },
          'BONUS',
        ),
      );
    case 'lion':
      return face(
        '#f2b24b',
        [
          s('polygon', {
            points:
              '50,14 60,24 74,20 76,34 88,42 80,54 86,68 72,72 68,86 54,80 46,80 32,86 28,72 14,68 20,54 12,42 24,34 26,20 40,24',
            fill: '#b5531c',
          }),
        ],
        [
          s('ellipse', { cx: 50, cy: 64, rx: 9, ry: 7, fill: '#ffe0a6' }),
          s('path', { d: 'M46 60h8l-4 5z', fill: '#5a2a10' }),
        ],
      );
    case 'eagle':
      return face(
        '#f5f3ee',
        [s('path', { d: 'M22 70 Q50 96 78 70 L78 80 Q50 100 22 80z', fill: '#6b3d1c' })],
        [
          s('path', { d: 'M44 58 L62 58 L56 74 Q50 70 44 58z', fill: '#ffb400' }),
          s('path', { d: 'M34 44 l14 4 M66 44 l-14 4', stroke: '#333', 'stroke-width': 3 }),
        ],
      );
    case 'wolf':
      return face(
        '#8e9aa8',
        [
          s('polygon', { points: '26,44 30,12 46,32', fill: '#6b7684' }),
          s('polygon', { points: '74,44 70,12 54,32', fill: '#6b7684' }),
        ],
        [
          s('ellipse', { cx: 50, cy: 66, rx: 11, ry: 9, fill: '#dfe5ec' }),
          s('ellipse', { cx: 50, cy: 62, rx: 4.5, ry: 3.5, fill: '#111' }),
        ],
      );
    case 'fox':
      return face(
        '#f07a22',
        [
          s('polygon', { points: '24,46 26,12 46,32', fill: '#d9641a' }),
          s('polygon', { points: '76,46 74,12 54,32', fill: '#d9641a' }),
        ],
        [
          s('path', { d: 'M26 58 Q50 92 74 58 Q50 72 26 58z', fill: '#fff4e6' }),
          s('ellipse', { cx: 50, cy: 68, rx: 4, ry: 3, fill: '#111' }),
        ],
      );
    case 'ace':
      return letter('A', '#ff6b81', '#b3123a');
    case 'king':
      return letter('K', '#7cc4ff', '#1f5fbf');
    case 'queen':
      return letter('Q', '#d29bff', '#7a2fc0');
    case 'jack':
      return letter('J', '#8ff0a4', '#1d9a4a');
  }
}

export function symbolSvg(symbol: SlotSymbol): SVGSVGElement {
  return s(
    'svg',
    { viewBox: '0 0 100 100', class: `sym sym--${symbol}`, role: 'img', 'aria-label': symbol },
    art(symbol),
  );
}
