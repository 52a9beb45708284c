import { Alert, type AlertProps } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface FormErrorAlertProps extends Omit<AlertProps, 'color' | 'variant' | 'icon'> {
  /** What went wrong; nothing (null, undefined, false or '') renders no alert. */
  children?: ReactNode;
}

/**
 * The red alert a form or an account page shows for an error from the server or one that
 * belongs to no single field. It has role "alert", so it is read out when it appears.
 */
export function FormErrorAlert({ children, ...props }: FormErrorAlertProps) {
  if (children === null || children === undefined || children === false || children === '') {
    return null;
  }
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} {...props}>
      {children}
    </Alert>
  );
}
