// A table row's icon-only button: its label is the tooltip, and with whose row it is (“Edit Ada
// Obi”) what a screen reader says. Forwards its ref and props so a Popconfirm can wrap it.
import { Button, Tooltip, type ButtonProps } from 'antd';
import { forwardRef, type ReactNode } from 'react';

type Props = Omit<ButtonProps, 'icon' | 'size' | 'children'> & {
  label: string;
  /** Whose row: the person's name. */
  who: string;
  icon: ReactNode;
};

export const IconAction = forwardRef<HTMLButtonElement, Props>(function IconAction(
  { label, who, icon, ...button },
  ref,
) {
  return (
    <Tooltip title={label}>
      <Button ref={ref} size="small" icon={icon} aria-label={`${label} ${who}`} {...button} />
    </Tooltip>
  );
});
