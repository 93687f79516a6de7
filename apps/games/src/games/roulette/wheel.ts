import { rouletteColor } from '@paws/contracts/studio-constants';
/** The European wheel in SVG, turned so the winning pocket stops under the ball at the top. */

import { s } from '../../shared/dom.ts';
import { WHEEL_ORDER } from './layout.ts';

const SIZE = 300;
const C = SIZE / 2;
const POCKET = 360 / WHEEL_ORDER.length;
const FILL = { red: '#c41e30', black: '#15171a', green: '#0f8f4f' } as const;

function polar(r: number, deg: number) {
  const a = ((deg - 90) * Math.PI) / 180;
  return [C + r * Math.cos(a), C + r * Math.sin(a)] as const;
}

function wedge(r1: number, r2: number, from: number, to: number) {
  const [x1, y1] = polar(r2, from);
  const [x2, y2] = polar(r2, to);
  const [x3, y3] = polar(r1, to);
  const [x4, y4] = polar(r1, from);
  return `M${x1} ${y1}A${r2} ${r2} 0 0 1 ${x2} ${y2}L${x3} ${y3}A${r1} ${r1} 0 0 0 ${x4} ${y4}Z`;
}

export function createWheel() {
  const rotor = s('g', { class: 'wheel__rotor' });
  rotor.append(s('circle', { cx: C, cy: C, r: 146, fill: '#3b2412' }));
  WHEEL_ORDER.forEach((n, i) => {
    const from = i * POCKET - POCKET / 2;
    rotor.append(
      s('path', {
        d: wedge(92, 138, from, from + POCKET),
        fill: FILL[rouletteColor(n)],
        stroke: '#c9a45a',
        'stroke-width': 0.8,
      }),
    );
    const [x, y] = polar(124, i * POCKET);
    rotor.append(
      s(
        'text',
        {
          x,
          y,
          fill: '#fff',
          'font-size': 11,
          'font-weight': 700,
          'text-anchor': 'middle',
          'dominant-baseline': 'central',
          transform: `rotate(${i * POCKET} ${x} ${y})`,
        },
        String(n),
      ),
    );
  });
  rotor.append(
    s('circle', { cx: C, cy: C, r: 92, fill: 'url(#wheel-cone)', stroke: '#c9a45a', 'stroke-width': 2 }),
    s('circle', { cx: C, cy: C, r: 24, fill: '#c9a45a' }),
    s('path', {
      d: `M${C - 40} ${C}h80M${C} ${C - 40}v80`,
      stroke: '#e8cc85',
      'stroke-width': 6,
      'stroke-linecap': 'round',
    }),
    s('circle', { cx: C, cy: C, r: 9, fill: '#f6e4b0' }),
  );
  const ball = s(
    'g',
    { class: 'wheel__ball' },
    s('circle', { cx: C, cy: 22, r: 7, fill: '#fdfdfd', stroke: '#999', 'stroke-width': 0.8 }),
  );
  const svg = s(
    'svg',
    { viewBox: `0 0 ${SIZE} ${SIZE}`, class: 'wheel', role: 'img', 'aria-label': 'Roulette wheel' },
    s(
      'defs',
      null,
      s(
        'radialGradient',
        { id: 'wheel-cone' },
        s('stop', { offset: 0, 'stop-color': '#7a4a22' }),
        s('stop', { offset: 1, 'stop-color': '#3b2412' }),
      ),
    ),
    s('circle', { cx: C, cy: C, r: 150, fill: '#1e140b', stroke: '#c9a45a', 'stroke-width': 3 }),
    rotor,
    ball,
  );
  let angle = 0;
  let ballAngle = 0;

  return {
    el: svg,
    /** Keep turning while the number is not known yet (the bets are closed, the ball is rolling). */
    roll(ms: number) {
      angle += 360 * Math.max(1, Math.round(ms / 700));
      ballAngle -= 360 * Math.max(1, Math.round(ms / 550));
      rotor.style.transition = `transform ${ms}ms linear`;
      rotor.style.transform = `rotate(${angle}deg)`;
      ball.style.transition = `transform ${ms}ms linear`;
      ball.style.transform = `rotate(${ballAngle}deg)`;
    },
    /** Slow down over `ms` and stop with `number` at the top, under the ball. */
    spinTo(number: number, ms: number) {
      const index = WHEEL_ORDER.indexOf(number as (typeof WHEEL_ORDER)[number]);
      const mod = (x: number) => ((x % 360) + 360) % 360;
      const next = angle + 360 * 3;
      angle = next - mod(next) + mod(-index * POCKET);
      ballAngle = ballAngle - 360 * 3 - mod(ballAngle);
      rotor.style.transition = `transform ${ms}ms cubic-bezier(0.15, 0.6, 0.2, 1)`;
      rotor.style.transform = `rotate(${angle}deg)`;
      ball.style.transition = `transform ${ms}ms cubic-bezier(0.2, 0.55, 0.25, 1)`;
      ball.style.transform = `rotate(${ballAngle}deg)`;
    },
    /** Show a number without animation (the page opened mid-result). */
    set(number: number) {
      const index = WHEEL_ORDER.indexOf(number as (typeof WHEEL_ORDER)[number]);
      angle = -index * POCKET;
      ballAngle = 0;
      rotor.style.transition = 'none';
      ball.style.transition = 'none';
      rotor.style.transform = `rotate(${angle}deg)`;
      ball.style.transform = 'rotate(0deg)';
    },
  };
}
