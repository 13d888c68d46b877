import { Field, Input, Textarea } from '@fluentui/react-components';
import { MutationFormDialog, type TeamDetail, useCreateTeam, useUpdateTeam, type ValidatedForm } from '@vigil/shared';
import { TEAM_LIMITS, type TeamValues, teamBody, teamRules, teamValuesOf } from './teamForm';

/** Name (required) and Description. */
function TeamFormFields({ form }: { form: ValidatedForm<TeamValues> }) {
  return (
    <>
      <Field label="Name" required {...form.fieldState('name')}>
        <Input {...form.field('name')} maxLength={TEAM_LIMITS.name.maxLength} placeholder="Payments on-call" />
      </Field>
      <Field label="Description" {...form.fieldState('description')}>
        <Textarea
          name="description"
          value={form.values.description}
          maxLength={TEAM_LIMITS.description.maxLength}
          onChange={(_, data) => form.setValue('description', data.value)}
          onBlur={() => form.touch('description')}
          resize="vertical"
        />
      </Field>
    </>
  );
}

/** "New team": the caller becomes its admin; `onSaved` gets the new team. */
export function CreateTeamDialog({ open, onClose, onSaved }: { open: boolean; onClose: () => void; onSaved: (team: TeamDetail) => void }) {
  return (
    <MutationFormDialog
      open={open}
      title="New team"
      description="You will be its admin: invite the others from its page."
      submitLabel="Create"
      initial={teamValuesOf(null)}
      rules={teamRules}
      mutation={useCreateTeam()}
      toVariables={teamBody}
      successText="Team created successfully."
      onSaved={onSaved}
      onClose={onClose}
    >
      {(form) => <TeamFormFields form={form} />}
    </MutationFormDialog>
  );
}

/** "Rename team": its name and description. */
export function EditTeamDialog({ team, open, onClose }: { team: TeamDetail; open: boolean; onClose: () => void }) {
  return (
    <MutationFormDialog
      open={open}
      title="Rename team"
      initial={teamValuesOf(team)}
      rules={teamRules}
      mutation={useUpdateTeam()}
      toVariables={(values) => ({ id: team.id, body: teamBody(values) })}
      successText="Team updated successfully."
      canSave={(form) => form.isDirty}
      onClose={onClose}
    >
      {(form) => <TeamFormFields form={form} />}
    </MutationFormDialog>
  );
}
