import { createTheme, type MantineColorsTuple } from '@mantine/core';

/**
 * The back office's look on Mantine: the colours and type it had before (styles/app.css's variables), each
 * tone a ten-shade scale whose seventh shade (Mantine's primary shade in light mode) is the old colour.
 */
const accent: MantineColorsTuple = [
  '#f2f0fc',
  '#e1dcf8',
  '#c7bef1',
  '#ad9feb',
  '#9380e4',
  '#7962dd',
  '#5b3fd6',
  '#4d36b6',
  '#402c96',
  '#322376',
];
const bad: MantineColorsTuple = [
  '#f9eded',
  '#f2d7d5',
  '#e6b4b0',
  '#da918c',
  '#ce6e67',
  '#c24b42',
  '#b42318',
  '#991e14',
  '#7e1911',
  '#63130d',
];
const good: MantineColorsTuple = [
  '#ecf4f1',
  '#d5e7de',
  '#b0d1c1',
  '#8bbca5',
  '#66a788',
  '#41916b',
  '#17794a',
  '#14673f',
  '#105534',
  '#0d4329',
];
const warn: MantineColorsTuple = [
  '#f6f2eb',
  '#eae1d1',
  '#d7c7a8',
  '#c5ad80',
  '#b29257',
  '#9f782e',
  '#8a5a00',
  '#754d00',
  '#613f00',
  '#4c3200',
];
const info: MantineColorsTuple = [
  '#edf2fa',
  '#d7e2f3',
  '#b3c9e9',
  '#8fafdf',
  '#6b95d5',
  '#477ccb',
  '#1f5fbf',
  '#1a51a2',
  '#164386',
  '#113469',
];

const systemFont = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

export const theme = createTheme({
  primaryColor: 'accent',
  primaryShade: 6,
  // Mantine draws errors in red's seventh shade (an input in error has its text in it): our bad tone keeps 4.5:1.
  colors: { accent, bad, red: bad, good, warn, info },
  fontFamily: systemFont,
  fontFamilyMonospace: 'ui-monospace, "SFMono-Regular", Menlo, monospace',
  headings: {
    fontFamily: systemFont,
    sizes: { h1: { fontSize: '1.5rem', lineHeight: '1.3' }, h2: { fontSize: '1.1rem', lineHeight: '1.35' } },
  },
  lineHeights: { md: '1.45' },
  defaultRadius: 'md',
  radius: { md: '8px' },
  // The muted grey of hints and table headers keeps 4.5:1 on white (axe colour-contrast).
  other: { muted: '#5b6475' },
  components: {
    Badge: { defaultProps: { variant: 'light', radius: 'xl' }, styles: { root: { textTransform: 'none' } } },
    Paper: { defaultProps: { withBorder: true, radius: 'md' } },
    Modal: { defaultProps: { centered: false, size: 520 } },
  },
});
