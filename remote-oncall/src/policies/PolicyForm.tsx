import { Button, Field, Input, makeStyles, Radio, RadioGroup, SpinButton, Textarea, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { moveItem, POLICY_LIMITS, removeItem, replaceItem, useSchedules, useUserNames, type ValidatedForm } from '@vigil/shared';
import { useMemo } from 'react';
import { PickerTeam } from '../components/PersonPicker';
import { LevelEditor } from './LevelEditor';
import { blankLevel, FIRST_AFTER_DELAY, FIRST_AT_ONCE, levelProblems, MAX_LEVELS, type PolicyValues } from './policyValues';

const useStyles = makeStyles({
  levels: { border: 'none', margin: 0, padding: 0, minWidth: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  add: { alignSelf: 'flex-start' },
});

/** The policy's levels in order, each with its messages: the rules' once submitted, the server's at once. */
function LevelsField({ form }: { form: ValidatedForm<PolicyValues> }) {
  const styles = useStyles();
  // A level names the team's schedules only.
  const schedules = useSchedules({ teamId: form.values.team_id || undefined });
  const levels = form.values.levels;
  const { nameOf } = useUserNames(levels.flatMap((level) => level.user_ids));
  const scheduleOptions = useMemo(() => (schedules.data?.data ?? []).map((s) => ({ id: s.id, name: s.name })), [schedules.data]);
  const setLevels = (next: PolicyValues['levels']) => form.setValue('levels', next);
  return (
    <fieldset className={styles.levels} aria-label="Levels">
      {levels.map((level, i) => {
        const problems = levelProblems(level);
        const at = (field: string, local?: string) => form.errorAt(`levels.${i}.${field}`, local);
        return (
          <LevelEditor
            key={level.key}
            index={i}
            count={levels.length}
            level={level}
            nameOf={nameOf}
            schedules={scheduleOptions}
            errors={{
              delay_minutes: at('delay_minutes', problems.delay_minutes),
              user_ids: at('targets.user_ids'),
              schedule_ids: at('targets.schedule_ids'),
              emails: at('targets.emails'),
              targets: at('targets', problems.targets),
            }}
            onChange={(l) => setLevels(replaceItem(levels, i, l))}
            onMove={(by) => setLevels(moveItem(levels, i, by))}
            onRemove={() => setLevels(removeItem(levels, i))}
          />
        );
      })}
      {form.serverErrors.levels && <span role="alert">{form.serverErrors.levels}</span>}
      <Button
        className={styles.add}
        icon={<AddRegular />}
        disabled={levels.length >= MAX_LEVELS}
        onClick={() => setLevels([...levels, blankLevel()])}
      >
        Add level
      </Button>
    </fieldset>
  );
}

/** An escalation policy's fields: name, description, repeat, when level 1 is reached, and its levels in order. */
export function PolicyForm({ form }: { form: ValidatedForm<PolicyValues> }) {
  const firstLevel = form.values.first_level_after_minutes;
  return (
    <>
      <Field label="Name" required {...form.fieldState('name')}>
        <Input {...form.field('name')} maxLength={255} />
      </Field>
      <Field label="Description" {...form.fieldState('description')}>
        <Textarea {...form.field('description')} maxLength={4096} resize="vertical" />
      </Field>
      <Field
        label="Repeat"
        hint={`How many times the whole policy runs again after its last level (0 to ${POLICY_LIMITS.repeat}).`}
        {...form.fieldState('repeat')}
      >
        <SpinButton
          min={0}
          max={POLICY_LIMITS.repeat}
          value={form.values.repeat}
          onChange={(_, d) => {
            const value = d.value ?? Number(d.displayValue);
            if (Number.isInteger(value)) form.setValue('repeat', Math.min(POLICY_LIMITS.repeat, Math.max(0, value as number)));
          }}
        />
      </Field>
      <Field
        label="Up to level"
        hint="The timer stops at this level, counted through repeats; a person may still escalate further. Empty: after the last repeat."
        {...form.fieldState('max_level')}
      >
        <Input inputMode="numeric" {...form.field('max_level')} />
      </Field>
      <Field label="Reach level 1" {...form.fieldState('first_level_after_minutes')}>
        <RadioGroup value={firstLevel} onChange={(_, d) => form.setValue('first_level_after_minutes', d.value)}>
          <Radio value={FIRST_AT_ONCE} label="At once, when the alert opens" />
          <Radio value={FIRST_AFTER_DELAY} label="After level 1's delay (the alert's owner is emailed at once)" />
          {firstLevel !== FIRST_AT_ONCE && firstLevel !== FIRST_AFTER_DELAY && (
            <Radio value={firstLevel} label={`After ${firstLevel} minutes`} />
          )}
        </RadioGroup>
      </Field>
      <PickerTeam.Provider value={form.values.team_id}>
        <LevelsField form={form} />
      </PickerTeam.Provider>
    </>
  );
}
