import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/** The purple primary of product §1; shade 6 carries white text at 5.7:1. */
const focus: MantineColorsTuple = [
  '#f5f3ff',
  '#ede9fe',
  '#ddd6fe',
  '#c4b5fd',
  '#a78bfa',
  '#8b5cf6',
  '#7c3aed',
  '#6d28d9',
  '#5b21b6',
  '#4c1d95',
];

/** Mantine's dark scale, tinted towards the purple: text, dimmed text, borders, surfaces. */
const dark: MantineColorsTuple = [
  '#ebe8f3',
  '#cfc9de',
  '#aea7c4',
  '#857e9e',
  '#4f4868',
  '#3a3452',
  '#2a243d',
  '#1a1528',
  '#130f1f',
  '#0c0914',
];

const fontFamily =
  'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

export const theme = createTheme({
  primaryColor: 'focus',
  primaryShade: { light: 6, dark: 6 },
  colors: { focus, dark },
  fontFamily,
  fontFamilyMonospace: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  headings: {
    fontFamily,
    fontWeight: '700',
    sizes: {
      h1: { fontSize: '2.125rem', lineHeight: '1.2' },
      h2: { fontSize: '1.5rem', lineHeight: '1.3' },
      h3: { fontSize: '1.2rem', lineHeight: '1.35' },
    },
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  respectReducedMotion: true,
  focusRing: 'auto',
});

/** The page's background (product §1); the accent colours are checked against it. */
export const BODY_COLOR = '#110d1c';

/** A darker body than the stock scale; links, placeholders and errors that read at AA. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {},
  dark: {
    '--mantine-color-body': BODY_COLOR,
    '--mantine-color-anchor': 'var(--mantine-color-focus-3)',
    // Stock values fall short of 4.5:1 on inputs and cards here.
    '--mantine-color-placeholder': '#9b94b4',
    '--mantine-color-error': 'var(--mantine-color-red-5)',
  },
});
