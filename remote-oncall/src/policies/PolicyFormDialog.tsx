import { Button, Field, Input, makeStyles, Radio, RadioGroup, SpinButton, Textarea, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import {
  type EscalationLevelInput,
  type EscalationPolicyPublic,
  FormDialog,
  POLICY_LIMITS,
  parseContacts,
  useCreateEscalationPolicy,
  useNotify,
  useSchedules,
  useUpdateEscalationPolicy,
  useUserNames,
} from '@vigil/shared';
import { useEffect, useMemo, useState } from 'react';
import { fieldErrors } from '../fieldErrors';
import { type LevelDraft, LevelEditor } from './LevelEditor';

export const POLICY_CREATED = 'The escalation policy was created successfully';
export const POLICY_UPDATED = 'The escalation policy was updated successfully';
export const MAX_LEVEL_PROBLEM = `A whole number from 1 to ${POLICY_LIMITS.maxLevel}, or nothing`;

const useStyles = makeStyles({
  levels: { border: 'none', margin: 0, padding: 0, minWidth: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  add: { alignSelf: 'flex-start' },
});

let nextKey = 0;
const blankLevel = (): LevelDraft => ({ key: nextKey++, stop: false, delay: '15', user_ids: [], schedule_ids: [], emails: '' });
const draftOf = (level: EscalationPolicyPublic['levels'][number]): LevelDraft => ({
  key: nextKey++,
  stop: level.delay_minutes === null,
  delay: level.delay_minutes === null ? '15' : String(level.delay_minutes),
  user_ids: level.targets.user_ids,
  schedule_ids: level.targets.schedule_ids,
  emails: level.targets.emails.join(', '),
});

/** What is wrong with a level before sending, by field; the server checks the rest (and says so at the field). */
function levelProblems(level: LevelDraft): Record<string, string> {
  const out: Record<string, string> = {};
  if (!level.stop) {
    const n = Number(level.delay);
    if (!Number.isInteger(n) || n < POLICY_LIMITS.minDelay || n > POLICY_LIMITS.maxDelay)
      out.delay_minutes = `A whole number of minutes from ${POLICY_LIMITS.minDelay} to ${POLICY_LIMITS.maxDelay}`;
  }
  if (!level.user_ids.length && !level.schedule_ids.length && !parseContacts(level.emails).length)
    out.targets = 'Pick at least one user, schedule or address';
  return out;
}

/** The timer's top level as typed: '' for none (the end of the last repeat). */
const maxLevelOf = (text: string) => (text.trim() ? Number(text) : null);
function maxLevelProblem(text: string): string | undefined {
  const n = maxLevelOf(text);
  return n === null || (Number.isInteger(n) && n >= 1 && n <= POLICY_LIMITS.maxLevel) ? undefined : MAX_LEVEL_PROBLEM;
}

/**
 * When level 1 is reached: at once (0, what an on-call team expects of a new policy), or after
 * level 1's own delay (null, what the integrations' migrated email levels keep). Another wait
 * set through the API is kept as it is.
 */
const FIRST_AT_ONCE = 'at-once';
const FIRST_AFTER_DELAY = 'after-delay';
const firstChoiceOf = (wait: number | null) => (wait === null ? FIRST_AFTER_DELAY : wait === 0 ? FIRST_AT_ONCE : String(wait));
const firstWaitOf = (choice: string) => (choice === FIRST_AFTER_DELAY ? null : choice === FIRST_AT_ONCE ? 0 : Number(choice));

/** Add or edit an escalation policy: name, description, repeat, and its levels in order. */
export function PolicyFormDialog({ open, policy, onClose }: { open: boolean; policy: EscalationPolicyPublic | null; onClose: () => void }) {
  const styles = useStyles();
  const notify = useNotify();
  const create = useCreateEscalationPolicy();
  const update = useUpdateEscalationPolicy();
  const schedules = useSchedules();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [repeat, setRepeat] = useState(0);
  const [maxLevel, setMaxLevel] = useState('');
  const [firstLevel, setFirstLevel] = useState(FIRST_AT_ONCE);
  const [levels, setLevels] = useState<LevelDraft[]>([]);
  const [tried, setTried] = useState(false);
  const [server, setServer] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!open) return;
    setName(policy?.name ?? '');
    setDescription(policy?.description ?? '');
    setRepeat(policy?.repeat ?? 0);
    setMaxLevel(policy?.max_level == null ? '' : String(policy.max_level));
    setFirstLevel(policy ? firstChoiceOf(policy.first_level_after_minutes) : FIRST_AT_ONCE);
    setLevels(policy ? policy.levels.map(draftOf) : [blankLevel()]);
    setTried(false);
    setServer({});
  }, [open, policy]);

  const { nameOf } = useUserNames(levels.flatMap((level) => level.user_ids));
  const scheduleOptions = useMemo(() => (schedules.data?.data ?? []).map((s) => ({ id: s.id, name: s.name })), [schedules.data]);
  const problems = levels.map(levelProblems);
  const nameProblem = name.trim() ? undefined : 'Name is required';
  const valid = !nameProblem && !maxLevelProblem(maxLevel) && problems.every((p) => Object.keys(p).length === 0);

  const setLevel = (i: number, level: LevelDraft) => setLevels((all) => all.map((l, j) => (j === i ? level : l)));
  const move = (i: number, by: -1 | 1) =>
    setLevels((all) => {
      const next = [...all];
      const [moved] = next.splice(i, 1);
      if (moved) next.splice(i + by, 0, moved);
      return next;
    });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!valid) return;
    const body = {
      name: name.trim(),
      description: description.trim() || null,
      repeat,
      max_level: maxLevelOf(maxLevel),
      first_level_after_minutes: firstWaitOf(firstLevel),
      levels: levels.map(
        (l): EscalationLevelInput => ({
          delay_minutes: l.stop ? null : Number(l.delay),
          targets: { user_ids: l.user_ids, schedule_ids: l.schedule_ids, emails: parseContacts(l.emails) },
        }),
      ),
    };
    const handlers = {
      onSuccess: () => {
        notify.success(policy ? POLICY_UPDATED : POLICY_CREATED);
        onClose();
      },
      onError: (error: unknown) => {
        const placed = fieldErrors(error);
        setServer(placed);
        if (Object.keys(placed).length === 0) notify.error(error);
      },
    };
    if (policy) update.mutate({ id: policy.id, body }, handlers);
    else create.mutate(body, handlers);
  };

  const shown = (key: string, local?: string) => server[key] ?? (tried ? local : undefined);
  const at = (key: string, local?: string) => {
    const message = shown(key, local);
    return message ? { validationState: 'error' as const, validationMessage: message } : {};
  };

  return (
    <FormDialog
      open={open}
      title={policy ? 'Edit Escalation Policy' : 'Add Escalation Policy'}
      description="Who is reached at each level while an alert stays unacknowledged; a schedule reaches whoever is on call at that moment."
      saving={create.isPending || update.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label="Name" required {...at('name', nameProblem)}>
        <Input value={name} maxLength={255} onChange={(_, d) => setName(d.value)} />
      </Field>
      <Field label="Description" {...at('description')}>
        <Textarea value={description} maxLength={4096} resize="vertical" onChange={(_, d) => setDescription(d.value)} />
      </Field>
      <Field label="Repeat" hint="How many times the whole policy runs again after its last level (0 to 10)." {...at('repeat')}>
        <SpinButton
          min={0}
          max={POLICY_LIMITS.repeat}
          value={repeat}
          onChange={(_, d) => {
            const value = d.value ?? Number(d.displayValue);
            if (Number.isInteger(value)) setRepeat(Math.min(POLICY_LIMITS.repeat, Math.max(0, value as number)));
          }}
        />
      </Field>
      <Field
        label="Up to level"
        hint="The timer stops at this level, counted through repeats; a person may still escalate further. Empty: after the last repeat."
        {...at('max_level', maxLevelProblem(maxLevel))}
      >
        <Input inputMode="numeric" value={maxLevel} onChange={(_, d) => setMaxLevel(d.value)} />
      </Field>
      <Field label="Reach level 1" {...at('first_level_after_minutes')}>
        <RadioGroup value={firstLevel} onChange={(_, d) => setFirstLevel(d.value)}>
          <Radio value={FIRST_AT_ONCE} label="At once, when the alert opens" />
          <Radio value={FIRST_AFTER_DELAY} label="After level 1's delay (the alert's owner is emailed at once)" />
          {firstLevel !== FIRST_AT_ONCE && firstLevel !== FIRST_AFTER_DELAY && (
            <Radio value={firstLevel} label={`After ${firstLevel} minutes`} />
          )}
        </RadioGroup>
      </Field>
      <fieldset className={styles.levels} aria-label="Levels">
        {levels.map((level, i) => {
          const key = (field: string) => `levels.${i}.${field}`;
          return (
            <LevelEditor
              key={level.key}
              index={i}
              count={levels.length}
              level={level}
              nameOf={nameOf}
              schedules={scheduleOptions}
              errors={{
                delay_minutes: shown(key('delay_minutes'), problems[i]?.delay_minutes),
                user_ids: server[key('targets.user_ids')],
                schedule_ids: server[key('targets.schedule_ids')],
                emails: server[key('targets.emails')],
                targets: shown(key('targets'), problems[i]?.targets),
              }}
              onChange={(l) => setLevel(i, l)}
              onMove={(by) => move(i, by)}
              onRemove={() => setLevels((all) => all.filter((_, j) => j !== i))}
            />
          );
        })}
        {server.levels && <span role="alert">{server.levels}</span>}
        <Button
          className={styles.add}
          icon={<AddRegular />}
          disabled={levels.length >= POLICY_LIMITS.levels}
          onClick={() => setLevels((all) => [...all, blankLevel()])}
        >
          Add level
        </Button>
      </fieldset>
    </FormDialog>
  );
}
