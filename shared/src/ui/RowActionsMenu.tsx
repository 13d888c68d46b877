import {
  Button,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  makeStyles,
  Tooltip,
  tokens,
  useRestoreFocusTarget,
} from '@fluentui/react-components';
import { MoreHorizontalRegular } from '@fluentui/react-icons';
import type { ReactElement } from 'react';

const useStyles = makeStyles({
  danger: {
    color: tokens.colorPaletteRedForeground1,
    ':hover': { color: tokens.colorPaletteRedForeground1 },
    ':hover:active': { color: tokens.colorPaletteRedForeground1 },
  },
});

export interface RowAction {
  /** The menu entry, e.g. 'Delete Alert'. */
  label: string;
  onClick: () => void;
  icon?: ReactElement;
  disabled?: boolean;
  /** Shows the entry in red (deletions). */
  danger?: boolean;
}

export interface RowActionsMenuProps {
  /** Accessible name of the "…" button, e.g. 'Actions for alert Disk full'. */
  label: string;
  actions: RowAction[];
  disabled?: boolean;
}

/** The "…" menu in a table row's Actions column. */
export function RowActionsMenu({ label, actions, disabled = false }: RowActionsMenuProps) {
  const styles = useStyles();
  // An entry often opens a dialog (edit, delete confirmation) once the menu has closed: when that
  // dialog closes, the focus comes back to this button instead of falling to the page's top.
  const restoreFocusTarget = useRestoreFocusTarget();
  return (
    <Menu positioning={{ autoSize: true, position: 'below', align: 'end' }}>
      <MenuTrigger disableButtonEnhancement>
        <Tooltip content={label} relationship="label" withArrow>
          <Button appearance="subtle" icon={<MoreHorizontalRegular />} aria-label={label} disabled={disabled} {...restoreFocusTarget} />
        </Tooltip>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {actions.map((action) => (
            <MenuItem
              key={action.label}
              icon={action.icon}
              disabled={action.disabled}
              className={action.danger && !action.disabled ? styles.danger : undefined}
              onClick={action.onClick}
            >
              {action.label}
            </MenuItem>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
