import { Body1Strong, Button, Caption1, Field, Input, makeStyles, Spinner, Switch, Textarea, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import {
  contactsProblem,
  ESCALATION_LIMITS,
  type EscalationPolicy,
  type IntegrationPublic,
  parseContacts,
  useNotify,
  useSetEscalationPolicy,
} from '@vigil/shared';
import { useEffect, useMemo, useState } from 'react';

export const POLICY_MESSAGES = {
  minutes: `Enter a whole number of minutes from ${ESCALATION_LIMITS.minMinutes} to ${ESCALATION_LIMITS.maxMinutes}`,
  maxLevel: `Enter a level from 1 to ${ESCALATION_LIMITS.levels}`,
  saved: 'Escalation policy saved.',
} as const;

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, marginTop: tokens.spacingVerticalL },
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL, alignItems: 'flex-start' },
  number: { width: '12ch' },
  level: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-start' },
  levelField: { flexGrow: 1 },
  remove: { marginTop: '26px' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

interface Draft {
  auto: boolean;
  minutes: string;
  maxLevel: string;
  /** One text per level, addresses as typed. */
  levels: string[];
}

const draftOf = (policy: EscalationPolicy): Draft => ({
  auto: policy.escalate_after_minutes !== null,
  minutes: String(policy.escalate_after_minutes ?? 15),
  maxLevel: String(policy.max_level),
  levels: policy.contacts.map((level) => level.join(', ')),
});

const wholeIn = (text: string, min: number, max: number) => /^\d+$/.test(text.trim()) && +text >= min && +text <= max;

function problemsOf(draft: Draft) {
  return {
    minutes:
      draft.auto && !wholeIn(draft.minutes, ESCALATION_LIMITS.minMinutes, ESCALATION_LIMITS.maxMinutes)
        ? POLICY_MESSAGES.minutes
        : undefined,
    maxLevel: !wholeIn(draft.maxLevel, 1, ESCALATION_LIMITS.levels) ? POLICY_MESSAGES.maxLevel : undefined,
    levels: draft.levels.map(contactsProblem),
  };
}

const policyOf = (draft: Draft): EscalationPolicy => ({
  contacts: draft.levels.map(parseContacts),
  escalate_after_minutes: draft.auto ? Number(draft.minutes) : null,
  max_level: Number(draft.maxLevel),
});

/**
 * The integration's escalation policy: who each level emails (none: every active superuser)
 * and whether alerts left unacknowledged escalate by themselves. Save is enabled once the form
 * is changed and valid.
 */
export function EscalationPolicyForm({ integration }: { integration: IntegrationPublic }) {
  const styles = useStyles();
  const notify = useNotify();
  const save = useSetEscalationPolicy();
  const saved = integration.escalation_policy;
  const [draft, setDraft] = useState(() => draftOf(saved));
  // Another integration, or the saved policy changed under us: start from it.
  useEffect(() => setDraft(draftOf(saved)), [saved]);
  const problems = useMemo(() => problemsOf(draft), [draft]);
  const valid = !problems.minutes && !problems.maxLevel && problems.levels.every((p) => !p);
  const changed = JSON.stringify(policyOf(draft)) !== JSON.stringify(saved);
  const edit = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));
  const setLevel = (index: number, text: string) => edit({ levels: draft.levels.map((l, i) => (i === index ? text : l)) });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!valid || !changed) return;
    save.mutate(
      { id: integration.id, policy: policyOf(draft) },
      { onSuccess: () => notify.success(POLICY_MESSAGES.saved), onError: notify.error },
    );
  };

  return (
    <form className={styles.section} onSubmit={submit} aria-label="Escalation policy" noValidate>
      <Body1Strong as="h3">Escalation policy</Body1Strong>
      <Caption1>
        Each escalation emails the contacts of the next level who confirmed their address; without contacts, every active superuser. Past
        the last level, its contacts are emailed again. A new contact is emailed a link to confirm when you save.
      </Caption1>
      <Switch
        label="Escalate automatically when nobody acknowledges an alert"
        checked={draft.auto}
        onChange={(_, data) => edit({ auto: data.checked })}
      />
      <div className={styles.row}>
        {draft.auto && (
          <Field label="After (minutes)" validationMessage={problems.minutes} required>
            <Input className={styles.number} inputMode="numeric" value={draft.minutes} onChange={(_, d) => edit({ minutes: d.value })} />
          </Field>
        )}
        <Field label="Up to level" validationMessage={problems.maxLevel} hint="Automatic escalation stops there" required>
          <Input className={styles.number} inputMode="numeric" value={draft.maxLevel} onChange={(_, d) => edit({ maxLevel: d.value })} />
        </Field>
      </div>
      {draft.levels.map((text, index) => (
        // Levels are positions: the index is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <div className={styles.level} key={index}>
          <Field
            className={styles.levelField}
            label={`Level ${index + 1} contacts`}
            validationMessage={problems.levels[index]}
            hint="Email addresses, separated by commas or new lines"
          >
            <Textarea value={text} resize="vertical" onChange={(_, d) => setLevel(index, d.value)} />
          </Field>
          <Button
            className={styles.remove}
            icon={<DeleteRegular />}
            aria-label={`Remove level ${index + 1}`}
            onClick={() => edit({ levels: draft.levels.filter((_, i) => i !== index) })}
          />
        </div>
      ))}
      <div className={styles.actions}>
        <Button
          icon={<AddRegular />}
          disabled={draft.levels.length >= ESCALATION_LIMITS.levels}
          onClick={() => edit({ levels: [...draft.levels, ''] })}
        >
          Add level
        </Button>
        <Button
          appearance="primary"
          type="submit"
          disabled={!valid || !changed || save.isPending}
          icon={save.isPending ? <Spinner size="tiny" /> : undefined}
        >
          Save policy
        </Button>
      </div>
    </form>
  );
}
