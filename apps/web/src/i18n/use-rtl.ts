import { useDirection } from '@mantine/core';

/**
 * The page reads right to left (Arabic): what is drawn by hand rather than laid out by CSS
 * mirrors with it (the charts' axes, the arrow keys of a grid). Follows <html dir>.
 */
export function useRtl(): boolean {
  return useDirection().dir === 'rtl';
}

/** A bar chart's axes for the reading direction: time runs right to left, values on the right. */
export function chartAxes(rtl: boolean): {
  x: { reversed: boolean };
  y: { orientation: 'left' | 'right' };
} {
  return { x: { reversed: rtl }, y: { orientation: rtl ? 'right' : 'left' } };
}
