import { Dropdown, Field, Option } from '@fluentui/react-components';
import { useEscalationPolicies, useNotify, useSetIntegrationPolicy } from '@vigil/shared';
import { RouteLink } from './RouteLink';

export const POLICY_SET = 'The integration now escalates by this policy';
export const NO_POLICY = 'None: every superuser, by hand';
const NONE = '';

/**
 * Which escalation policy (a shared object, made on On call › Escalation policies) the
 * integration's alerts escalate by, among its team's (the API takes no other); choosing saves at once.
 */
export function PolicyPicker({ integrationId, teamId, policyId }: { integrationId: string; teamId: string; policyId: string | null }) {
  const notify = useNotify();
  const policies = useEscalationPolicies({ teamId });
  const set = useSetIntegrationPolicy();
  const rows = policies.data?.data ?? [];
  const current = rows.find((p) => p.id === policyId);
  return (
    <Field
      label="Escalation policy"
      hint={
        <>
          Policies are made and edited under <RouteLink to="/oncall/policies">On call › Escalation policies</RouteLink>.
        </>
      }
    >
      <Dropdown
        inlinePopup
        disabled={set.isPending || policies.isPending}
        value={policyId ? (current?.name ?? '…') : NO_POLICY}
        selectedOptions={[policyId ?? NONE]}
        onOptionSelect={(_, data) => {
          const next = data.optionValue || null;
          if (next === policyId) return;
          set.mutate({ integrationId, policyId: next }, { onSuccess: () => notify.success(POLICY_SET), onError: (e) => notify.error(e) });
        }}
      >
        <Option value={NONE}>{NO_POLICY}</Option>
        {rows.map((p) => (
          <Option key={p.id} value={p.id}>
            {p.name}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
}
