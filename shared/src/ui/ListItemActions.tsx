import { Button, type ButtonProps } from '@fluentui/react-components';
import { ArrowDownRegular, ArrowUpRegular, DeleteRegular } from '@fluentui/react-icons';
import type { ReactElement } from 'react';

export interface ListItemActionsProps {
  /** The item as the buttons name it: "Move <name> up", "Remove <name>" ("level 2", "Ada Lovelace"). */
  name: string;
  index: number;
  count: number;
  size?: ButtonProps['size'];
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  /** The remove button's icon: a bin by default. */
  removeIcon?: ReactElement;
  /** The last item a list must keep cannot be removed. */
  removeDisabled?: boolean;
}

/** Move up, Move down and Remove for one item of an ordered list in a form. */
export function ListItemActions({ name, index, count, size, onMove, onRemove, removeIcon, removeDisabled }: ListItemActionsProps) {
  return (
    <>
      <Button
        size={size}
        appearance="subtle"
        icon={<ArrowUpRegular />}
        aria-label={`Move ${name} up`}
        disabled={index === 0}
        onClick={() => onMove(-1)}
      />
      <Button
        size={size}
        appearance="subtle"
        icon={<ArrowDownRegular />}
        aria-label={`Move ${name} down`}
        disabled={index === count - 1}
        onClick={() => onMove(1)}
      />
      <Button
        size={size}
        appearance="subtle"
        icon={removeIcon ?? <DeleteRegular />}
        aria-label={`Remove ${name}`}
        disabled={removeDisabled}
        onClick={onRemove}
      />
    </>
  );
}
