import { Paper } from '@mantine/core';
import type { ReactNode } from 'react';

export interface SectionCardProps {
  /** The id of the heading inside that names the section, when the section is not a form. */
  labelledBy?: string;
  /** Profile forms breathe more than the statistics page's dense cards. */
  roomy?: boolean;
  className?: string;
  children: ReactNode;
}

/** A bordered, rounded section of a page: a statistics card, a profile form. */
export function SectionCard({ labelledBy, roomy = false, className, children }: SectionCardProps) {
  return (
    <Paper
      withBorder
      radius="lg"
      p={roomy ? { base: 'md', sm: 'xl' } : { base: 'sm', sm: 'lg' }}
      component="section"
      aria-labelledby={labelledBy}
      className={className}
    >
      {children}
    </Paper>
  );
}
