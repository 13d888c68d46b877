import { Button, Dropdown, Field, Input, makeStyles, Option, Radio, RadioGroup, Text, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import {
  type EscalationPolicyPublic,
  FormDialog,
  fieldMessageProps,
  ROUTING_LIMITS,
  type RoutingMatcher,
  removeItem,
  replaceItem,
} from '@vigil/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { MatcherRow } from './MatcherRow';
import { type RuleDraft, SEVERITIES, takesValue } from './ruleText';

const KEEP = '';

const useStyles = makeStyles({
  matchers: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  hint: { color: tokens.colorNeutralForeground3 },
});

/** What the form refuses before the API is asked (the API checks the regular expressions). */
export function draftProblems(draft: RuleDraft) {
  return {
    name: draft.name.trim() ? undefined : 'Name the rule',
    policy: draft.action === 'route' && !draft.escalation_policy_id ? 'Pick the policy to route to' : undefined,
    severity: draft.action === 'severity' && !draft.severity ? 'Pick the severity to set' : undefined,
    matchers: draft.matchers.map((m) => ({
      label: m.field === 'labels.' ? 'Name the label' : undefined,
      value: takesValue(m.op) && !m.value ? 'A value is needed' : undefined,
    })),
  };
}

export const draftIsValid = (draft: RuleDraft) => {
  const p = draftProblems(draft);
  return !p.name && !p.policy && !p.severity && p.matchers.every((m) => !m.label && !m.value);
};

/** Adds or edits one rule of the list (saved with the list, by "Save rules"). */
export function RuleEditorDialog({
  draft: initial,
  isNew,
  policies,
  onSave,
  onClose,
}: {
  /** The rule to edit; undefined: closed. */
  draft: RuleDraft | undefined;
  isNew: boolean;
  policies: EscalationPolicyPublic[];
  onSave: (draft: RuleDraft) => void;
  onClose: () => void;
}) {
  const styles = useStyles();
  const [draft, setDraft] = useState<RuleDraft | undefined>(initial);
  const [tried, setTried] = useState(false);
  useEffect(() => {
    setDraft(initial);
    setTried(false);
  }, [initial]);
  if (!draft) return null;

  const problems = draftProblems(draft);
  const shown = (message: string | undefined) => (tried ? message : undefined);
  const set = (patch: Partial<RuleDraft>) => setDraft({ ...draft, ...patch });
  const setMatcher = (i: number, m: RoutingMatcher) => set({ matchers: replaceItem(draft.matchers, i, m) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (draftIsValid(draft)) onSave(draft);
  };
  const policyName = policies.find((p) => p.id === draft.escalation_policy_id)?.name;

  return (
    <FormDialog
      open
      title={isNew ? 'Add routing rule' : 'Edit routing rule'}
      saving={false}
      submitLabel="Keep"
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label="Name" required {...fieldMessageProps(shown(problems.name))}>
        <Input value={draft.name} maxLength={ROUTING_LIMITS.name} onChange={(_, d) => set({ name: d.value })} />
      </Field>
      <Field label="Conditions">
        <RadioGroup layout="horizontal" value={draft.mode ?? 'all'} onChange={(_, d) => set({ mode: d.value as 'all' | 'any' })}>
          <Radio value="all" label="All must hold" />
          <Radio value="any" label="Any may hold" />
        </RadioGroup>
      </Field>
      <div className={styles.matchers}>
        {draft.matchers.length === 0 && <Text className={styles.hint}>No condition: the rule applies to every alert.</Text>}
        {draft.matchers.map((m, i) => (
          <MatcherRow
            // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no identity of their own; they are only appended and removed
            key={i}
            matcher={m}
            index={i}
            errors={tried ? (problems.matchers[i] ?? {}) : {}}
            onChange={(next) => setMatcher(i, next)}
            onRemove={() => set({ matchers: removeItem(draft.matchers, i) })}
          />
        ))}
        <div>
          <Button
            icon={<AddRegular />}
            disabled={draft.matchers.length >= ROUTING_LIMITS.matchers}
            onClick={() => set({ matchers: [...draft.matchers, { field: 'labels.', op: 'equals', value: '' }] })}
          >
            Add condition
          </Button>
        </div>
      </div>
      <Field label="Then">
        <RadioGroup value={draft.action} onChange={(_, d) => set({ action: d.value as RuleDraft['action'] })}>
          <Radio value="route" label="Route to an escalation policy" />
          <Radio value="severity" label="Set the severity, and go on to the next rules" />
          <Radio value="drop" label="Drop the alert (it is recorded, nobody is paged)" />
        </RadioGroup>
      </Field>
      {draft.action === 'route' && (
        <Field label="Escalation policy" required {...fieldMessageProps(shown(problems.policy))}>
          <Dropdown
            inlinePopup
            placeholder="Pick a policy"
            value={policyName ?? ''}
            selectedOptions={draft.escalation_policy_id ? [draft.escalation_policy_id] : []}
            onOptionSelect={(_, d) => set({ escalation_policy_id: d.optionValue ?? null })}
          >
            {policies.map((p) => (
              <Option key={p.id} value={p.id}>
                {p.name}
              </Option>
            ))}
          </Dropdown>
        </Field>
      )}
      {draft.action !== 'drop' && (
        <Field label="Severity" required={draft.action === 'severity'} {...fieldMessageProps(shown(problems.severity))}>
          <Dropdown
            inlinePopup
            value={draft.severity ?? (draft.action === 'route' ? "Keep the alert's" : '')}
            placeholder="Pick a severity"
            selectedOptions={[draft.severity ?? KEEP]}
            onOptionSelect={(_, d) => set({ severity: (d.optionValue || null) as RuleDraft['severity'] })}
          >
            {draft.action === 'route' && <Option value={KEEP}>Keep the alert's</Option>}
            {SEVERITIES.map((s) => (
              <Option key={s} value={s}>
                {s}
              </Option>
            ))}
          </Dropdown>
        </Field>
      )}
    </FormDialog>
  );
}
