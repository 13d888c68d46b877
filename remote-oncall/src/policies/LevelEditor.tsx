import { Button, Checkbox, Dropdown, Field, Input, makeStyles, Option, Text, Textarea, tokens } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { fieldMessageProps, ListItemActions } from '@vigil/shared';
import { PersonPicker } from '../components/PersonPicker';
import type { LevelDraft } from './policyValues';

const useStyles = makeStyles({
  level: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  title: { flexGrow: 1, fontWeight: tokens.fontWeightSemibold },
  delay: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
  picker: { minWidth: 0, width: '100%' },
  people: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, margin: 0, padding: 0, listStyleType: 'none' },
  person: { display: 'flex', alignItems: 'center' },
});

const pickedText = (ids: string[], nameOf: (id: string) => string) => ids.map(nameOf).join(', ');

/** One level of a policy: whom it reaches, and how long it is given before the next. */
export function LevelEditor({
  index,
  count,
  level,
  nameOf,
  schedules,
  errors,
  onChange,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  level: LevelDraft;
  /** The name shown for a picked user id. */
  nameOf: (id: string) => string;
  schedules: { id: string; name: string }[];
  /** Messages by field: delay_minutes, user_ids, schedule_ids, emails, targets. */
  errors: Record<string, string | undefined>;
  onChange: (level: LevelDraft) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const styles = useStyles();
  const n = index + 1;
  const scheduleName = (id: string) => schedules.find((s) => s.id === id)?.name ?? 'Unknown schedule';
  const error = (key: string) => fieldMessageProps(errors[key]);
  return (
    <fieldset className={styles.level} aria-label={`Level ${n}`}>
      <div className={styles.head}>
        <span className={styles.title}>Level {n}</span>
        <ListItemActions name={`level ${n}`} index={index} count={count} onMove={onMove} onRemove={onRemove} removeDisabled={count === 1} />
      </div>
      <Field label="Users" {...error('user_ids')}>
        {level.user_ids.length > 0 && (
          <ul className={styles.people} aria-label={`Level ${n} users picked`}>
            {level.user_ids.map((id) => (
              <li key={id} className={styles.person}>
                <Text>{nameOf(id)}</Text>
                <Button
                  size="small"
                  appearance="subtle"
                  icon={<DismissRegular />}
                  aria-label={`Remove ${nameOf(id)} from level ${n}`}
                  onClick={() => onChange({ ...level, user_ids: level.user_ids.filter((other) => other !== id) })}
                />
              </li>
            ))}
          </ul>
        )}
        <PersonPicker
          label={`Level ${n} users`}
          placeholder="Add a user: type a name…"
          value=""
          inlinePopup
          onPick={(user) => !level.user_ids.includes(user.id) && onChange({ ...level, user_ids: [...level.user_ids, user.id] })}
        />
      </Field>
      <Field label="Schedules (whoever is on call then)" {...error('schedule_ids')}>
        <Dropdown
          className={styles.picker}
          multiselect
          // Inside the dialog (not a portal): a modal dialog hides everything outside it from assistive technology.
          inlinePopup
          placeholder={schedules.length ? 'Pick schedules' : 'No schedules yet'}
          aria-label={`Level ${n} schedules`}
          value={pickedText(level.schedule_ids, scheduleName)}
          selectedOptions={level.schedule_ids}
          onOptionSelect={(_, data) => onChange({ ...level, schedule_ids: data.selectedOptions })}
        >
          {schedules.map((s) => (
            <Option key={s.id} value={s.id}>
              {s.name}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Field label="Email addresses" hint="Separated by commas or new lines; each confirms before it is sent alerts." {...error('emails')}>
        <Textarea
          aria-label={`Level ${n} email addresses`}
          value={level.emails}
          resize="vertical"
          onChange={(_, data) => onChange({ ...level, emails: data.value })}
        />
      </Field>
      <div className={styles.delay}>
        <Field label="Escalate after (minutes)" {...error('delay_minutes')}>
          <Input
            type="number"
            min={1}
            max={10080}
            aria-label={`Level ${n} escalate after (minutes)`}
            disabled={level.stop}
            value={level.stop ? '' : level.delay}
            onChange={(_, data) => onChange({ ...level, delay: data.value })}
          />
        </Field>
        <Checkbox
          label="Stop here (only by hand)"
          checked={level.stop}
          onChange={(_, data) => onChange({ ...level, stop: Boolean(data.checked) })}
        />
      </div>
      {errors.targets && <span role="alert">{errors.targets}</span>}
    </fieldset>
  );
}
