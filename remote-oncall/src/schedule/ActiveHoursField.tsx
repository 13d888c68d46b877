import { Button, Caption1, Field, Input, makeStyles, ToggleButton, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { type ActiveHoursRule, fieldMessageProps, removeItem, replaceItem } from '@vigil/shared';
import { DAYS } from './rotationValues';

const useStyles = makeStyles({
  rule: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    margin: 0,
    padding: tokens.spacingVerticalXS,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  time: { width: '110px' },
});

/** A day toggled in or out, the days kept in order (1 is Monday). */
const toggleDay = (days: number[], day: number) =>
  days.includes(day) ? days.filter((d) => d !== day) : [...days, day].sort((a, b) => a - b);

/** When a rotation's people are on call within their turn: rules of days and hours; none is around the clock. */
export function ActiveHoursField({
  rules,
  error,
  onChange,
}: {
  rules: ActiveHoursRule[];
  error: string | undefined;
  onChange: (rules: ActiveHoursRule[]) => void;
}) {
  const styles = useStyles();
  const setRule = (index: number, rule: ActiveHoursRule) => onChange(replaceItem(rules, index, rule));
  return (
    <Field label="Active hours" hint="None: on call around the clock." {...fieldMessageProps(error)}>
      {rules.map((rule, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rules have no identity of their own
        <fieldset key={i} className={styles.rule} aria-label={`Active hours rule ${i + 1}`}>
          {DAYS.map((day, d) => (
            <ToggleButton
              key={day}
              size="small"
              checked={rule.days.includes(d + 1)}
              onClick={() => setRule(i, { ...rule, days: toggleDay(rule.days, d + 1) })}
            >
              {day}
            </ToggleButton>
          ))}
          <Input
            className={styles.time}
            type="time"
            aria-label="From"
            value={rule.start}
            onChange={(_, v) => setRule(i, { ...rule, start: v.value })}
          />
          <Caption1>to</Caption1>
          {/* The end of the day is 24:00 to the API; a time input only knows 00:00. */}
          <Input
            className={styles.time}
            type="time"
            aria-label="To"
            value={rule.end === '24:00' ? '00:00' : rule.end}
            onChange={(_, v) => setRule(i, { ...rule, end: v.value === '00:00' ? '24:00' : v.value })}
          />
          <Button
            size="small"
            appearance="subtle"
            icon={<DeleteRegular />}
            aria-label="Remove rule"
            onClick={() => onChange(removeItem(rules, i))}
          />
        </fieldset>
      ))}
      <Button
        size="small"
        icon={<AddRegular />}
        onClick={() => onChange([...rules, { days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' }])}
      >
        Add active hours
      </Button>
    </Field>
  );
}
