import { Button, Dropdown, Field, Input, makeStyles, Option, tokens } from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons';
import { fieldMessageProps, type RoutingMatcher } from '@vigil/shared';
import { type FIELDS, OPERATORS, takesValue } from './ruleText';

const FIELD_LABELS: Record<(typeof FIELDS)[number] | 'label', string> = {
  title: 'Title',
  description: 'Description',
  severity: 'Severity',
  dedup_key: 'Dedup key',
  label: 'Label',
};

const useStyles = makeStyles({
  row: {
    border: 'none',
    margin: 0,
    padding: 0,
    minWidth: 0,
    display: 'flex',
    flexWrap: 'wrap',
    // Tops aligned: a message under one field does not move the others.
    alignItems: 'flex-start',
    gap: tokens.spacingHorizontalS,
  },
  kind: { width: '120px' },
  label: { width: '130px' },
  op: { width: '190px' },
  // Fluent's Dropdown is 250px wide at the least: here it takes its field's width.
  dropdown: { minWidth: 0, width: '100%' },
  input: { minWidth: 0, width: '100%' },
  // Level with the inputs, under the fields' labels.
  remove: { paddingTop: '22px' },
  value: { flexGrow: 1, minWidth: '140px' },
});

const kindOf = (field: string) => (field.startsWith('labels.') ? 'label' : (field as keyof typeof FIELD_LABELS));

/** One condition: which field (a label by name), how it is compared, to what. */
export function MatcherRow({
  matcher,
  index,
  errors,
  onChange,
  onRemove,
}: {
  matcher: RoutingMatcher;
  index: number;
  /** What is wrong, once the form was submitted: the label's name, the value. */
  errors: { label?: string; value?: string };
  onChange: (next: RoutingMatcher) => void;
  onRemove: () => void;
}) {
  const styles = useStyles();
  const kind = kindOf(matcher.field);
  const labelName = kind === 'label' ? matcher.field.slice('labels.'.length) : '';
  const name = `condition ${index + 1}`;
  return (
    <fieldset className={styles.row} aria-label={`Condition ${index + 1}`}>
      <Field className={styles.kind} label="Field">
        <Dropdown
          inlinePopup
          className={styles.dropdown}
          aria-label={`Field of ${name}`}
          value={FIELD_LABELS[kind] ?? matcher.field}
          selectedOptions={[kind]}
          onOptionSelect={(_, data) => {
            const next = data.optionValue as keyof typeof FIELD_LABELS;
            onChange({ ...matcher, field: next === 'label' ? 'labels.' : next });
          }}
        >
          {Object.entries(FIELD_LABELS).map(([value, text]) => (
            <Option key={value} value={value}>
              {text}
            </Option>
          ))}
        </Dropdown>
      </Field>
      {kind === 'label' && (
        <Field className={styles.label} label="Label name" {...fieldMessageProps(errors.label)}>
          <Input
            className={styles.input}
            aria-label={`Label name of ${name}`}
            value={labelName}
            onChange={(_, data) => onChange({ ...matcher, field: `labels.${data.value.trim()}` })}
          />
        </Field>
      )}
      <Field className={styles.op} label="Operator">
        <Dropdown
          inlinePopup
          className={styles.dropdown}
          aria-label={`Operator of ${name}`}
          value={OPERATORS.find((o) => o.value === matcher.op)?.label ?? matcher.op}
          selectedOptions={[matcher.op]}
          onOptionSelect={(_, data) => onChange({ ...matcher, op: data.optionValue as RoutingMatcher['op'] })}
        >
          {OPERATORS.map((o) => (
            <Option key={o.value} value={o.value}>
              {o.label}
            </Option>
          ))}
        </Dropdown>
      </Field>
      {takesValue(matcher.op) && (
        <Field className={styles.value} label="Value" {...fieldMessageProps(errors.value)}>
          <Input
            className={styles.input}
            aria-label={`Value of ${name}`}
            value={matcher.value ?? ''}
            onChange={(_, data) => onChange({ ...matcher, value: data.value })}
          />
        </Field>
      )}
      <div className={styles.remove}>
        <Button appearance="subtle" icon={<DeleteRegular />} aria-label={`Remove ${name}`} onClick={onRemove} />
      </div>
    </fieldset>
  );
}
