import { Dropdown, Field, Input, Option } from '@fluentui/react-components';
import { MutationFormDialog, type RuleResult, type TeamRole, TeamRoleDropdown, useCreateSsoGroupRule, useMyTeams } from '@vigil/shared';

interface RuleValues {
  group_name: string;
  team_id: string;
  role: TeamRole;
}

export const RULE_MESSAGES = { groupRequired: 'Group is required', teamRequired: 'Team is required' } as const;
const RULES = {
  group_name: (value: string): RuleResult => (value.trim() === '' ? RULE_MESSAGES.groupRequired : undefined),
  team_id: (value: string): RuleResult => (value === '' ? RULE_MESSAGES.teamRequired : undefined),
  role: (): RuleResult => undefined,
};

/** "Add group rule": a provider group, the team it joins, and the role there. */
export function GroupRuleDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const teams = useMyTeams();
  const nameOf = (id: string) => teams.data?.data.find((team) => team.id === id)?.name ?? '';
  return (
    <MutationFormDialog
      open={open}
      title="Add group rule"
      description="Members of this group at the provider join the team with this role at their next sign-in, and leave it when the group no longer names them."
      submitLabel="Add"
      initial={{ group_name: '', team_id: '', role: 'responder' as TeamRole }}
      rules={RULES}
      mutation={useCreateSsoGroupRule()}
      toVariables={(values: RuleValues) => ({ group_name: values.group_name.trim(), team_id: values.team_id, role: values.role })}
      successText="Group rule added."
      onClose={onClose}
    >
      {(form) => (
        <>
          <Field label="Group" required hint="As the provider spells it in the groups claim" {...form.fieldState('group_name')}>
            <Input maxLength={255} {...form.field('group_name')} />
          </Field>
          <Field label="Team" required {...form.fieldState('team_id')}>
            {/* Inside the dialog's own tree: a modal dialog hides what is outside it from assistive technology. */}
            <Dropdown
              inlinePopup
              placeholder="Choose a team"
              value={nameOf(form.values.team_id)}
              selectedOptions={form.values.team_id ? [form.values.team_id] : []}
              onOptionSelect={(_, data) => data.optionValue && form.setValue('team_id', data.optionValue)}
            >
              {teams.data?.data.map((team) => (
                <Option key={team.id} value={team.id}>
                  {team.name}
                </Option>
              ))}
            </Dropdown>
          </Field>
          <Field label="Role">
            <TeamRoleDropdown value={form.values.role} onChange={(role) => form.setValue('role', role)} />
          </Field>
        </>
      )}
    </MutationFormDialog>
  );
}
