import {
  type EscalationPolicyPublic,
  fieldErrors,
  MutationFormDialog,
  TeamPicker,
  useCreateEscalationPolicy,
  useUpdateEscalationPolicy,
} from '@vigil/shared';
import { PolicyForm } from './PolicyForm';
import { PolicyReachability } from './PolicyReachability';
import { policyBody, policyCreateBody, policyRules, policyValuesOf } from './policyValues';

export const POLICY_CREATED = 'The escalation policy was created successfully';
export const POLICY_UPDATED = 'The escalation policy was updated successfully';
const DESCRIPTION =
  'Who is reached at each level while an alert stays unacknowledged; a schedule reaches whoever is on call at that moment.';

/** Add Escalation Policy, in one of the user's teams (`teamId`, the list's filter, first). */
export function CreatePolicyDialog({ open, teamId, onClose }: { open: boolean; teamId?: string; onClose: () => void }) {
  return (
    <MutationFormDialog
      open={open}
      title="Add Escalation Policy"
      description={DESCRIPTION}
      initial={policyValuesOf(null)}
      rules={policyRules}
      mutation={useCreateEscalationPolicy()}
      toVariables={policyCreateBody}
      successText={POLICY_CREATED}
      placeErrors={fieldErrors}
      onClose={onClose}
    >
      {(form) => (
        <>
          <TeamPicker value={form.values.team_id} onChange={(id) => form.setValue('team_id', id)} preferred={teamId} />
          <PolicyForm form={form} />
        </>
      )}
    </MutationFormDialog>
  );
}

/** Edit Escalation Policy: open while given a policy. */
export function EditPolicyDialog({ policy, onClose }: { policy: EscalationPolicyPublic | null; onClose: () => void }) {
  return (
    <MutationFormDialog
      open={policy !== null}
      title="Edit Escalation Policy"
      description={DESCRIPTION}
      initial={policyValuesOf(policy)}
      rules={policyRules}
      mutation={useUpdateEscalationPolicy()}
      toVariables={(values) => ({ id: policy?.id ?? '', body: policyBody(values) })}
      successText={POLICY_UPDATED}
      placeErrors={fieldErrors}
      onClose={onClose}
    >
      {(form) => (
        <>
          {policy && <PolicyReachability policyId={policy.id} />}
          <PolicyForm form={form} />
        </>
      )}
    </MutationFormDialog>
  );
}
