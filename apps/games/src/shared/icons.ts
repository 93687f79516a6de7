import { s } from './dom.ts';

const icon = (d: string) =>
  s(
    'svg',
    {
      viewBox: '0 0 24 24',
      width: 20,
      height: 20,
      fill: 'none',
      stroke: 'currentColor',
      'stroke-width': 2,
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
      'aria-hidden': 'true',
    },
    s('path', { d }),
  );

export const icons = {
  info: () => icon('M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM12 16v-5M12 8h.01'),
  shield: () => icon('M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10zM9 12l2 2 4-4'),
  history: () => icon('M3 12a9 9 0 1 0 3-6.7L3 8M3 3v5h5M12 7v5l3 3'),
  soundOn: () => icon('M11 5 6 9H2v6h4l5 4V5zM15.5 8.5a5 5 0 0 1 0 7M19 5a10 10 0 0 1 0 14'),
  soundOff: () => icon('M11 5 6 9H2v6h4l5 4V5zM23 9l-6 6M17 9l6 6'),
  back: () => icon('M15 18l-6-6 6-6'),
};

/** The PAWS paw print. */
export const paw = (size = 24) =>
  s(
    'svg',
    { viewBox: '0 0 64 64', width: size, height: size, 'aria-hidden': 'true', class: 'paw' },
    s('ellipse', { cx: 14, cy: 26, rx: 6.5, ry: 8.5, fill: 'currentColor', transform: 'rotate(-20 14 26)' }),
    s('ellipse', { cx: 25, cy: 14, rx: 6.5, ry: 9, fill: 'currentColor', transform: 'rotate(-6 25 14)' }),
    s('ellipse', { cx: 39, cy: 14, rx: 6.5, ry: 9, fill: 'currentColor', transform: 'rotate(6 39 14)' }),
    s('ellipse', { cx: 50, cy: 26, rx: 6.5, ry: 8.5, fill: 'currentColor', transform: 'rotate(20 50 26)' }),
    s('path', {
      d: 'M32 30c-9 0-18 10-18 18 0 6 5 9 10 8 3-1 5-2 8-2s5 1 8 2c5 1 10-2 10-8 0-8-9-18-18-18z',
      fill: 'currentColor',
    }),
  );
