import { Dropdown, Option } from '@fluentui/react-components';
import { TEAM_ROLE_LABELS, TEAM_ROLES, type TeamRole } from '../query/teams';

/**
 * A team role picker for a dialog's field. The popup stays inside the dialog's own tree: a modal
 * dialog hides what is outside it (a portal) from assistive technology.
 */
export function TeamRoleDropdown({ value, onChange }: { value: TeamRole; onChange: (role: TeamRole) => void }) {
  return (
    <Dropdown
      inlinePopup
      value={TEAM_ROLE_LABELS[value]}
      selectedOptions={[value]}
      onOptionSelect={(_, data) => data.optionValue && onChange(data.optionValue as TeamRole)}
    >
      {TEAM_ROLES.map((role) => (
        <Option key={role} value={role}>
          {TEAM_ROLE_LABELS[role]}
        </Option>
      ))}
    </Dropdown>
  );
}
