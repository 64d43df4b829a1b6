import type { ComponentProps } from 'react';
import { Toggle as BaseToggle } from '../../ui/Toggle';

/** A preference of the setup wizard. */
export const Toggle = (props: Omit<ComponentProps<typeof BaseToggle>, 'className'>) => (
  <BaseToggle {...props} className="setup-toggle" />
);
