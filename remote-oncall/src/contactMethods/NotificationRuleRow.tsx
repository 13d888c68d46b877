import { Dropdown, Field, Input, makeStyles, Option, tokens } from '@fluentui/react-components';
import { type ContactMethodPublic, fieldMessageProps, ListItemActions } from '@vigil/shared';

/** A rule as edited: the delay as typed. */
export interface RuleDraft {
  key: number;
  contact_method_id: string;
  delay: string;
}

const useStyles = makeStyles({
  rule: {
    border: 'none',
    margin: 0,
    padding: 0,
    minWidth: 0,
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalS,
  },
  method: { minWidth: '200px', flexGrow: 1 },
  delay: { width: '140px' },
});

/** One rule: which method, after how many minutes; moved or removed in the list. */
export function NotificationRuleRow({
  draft,
  index,
  count,
  methods,
  errors,
  onChange,
  onMove,
  onRemove,
}: {
  draft: RuleDraft;
  index: number;
  count: number;
  methods: ContactMethodPublic[];
  errors: { method?: string; delay?: string };
  onChange: (patch: Partial<RuleDraft>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const styles = useStyles();
  return (
    <fieldset className={styles.rule} aria-label={`Rule ${index + 1}`}>
      <Field className={styles.method} label="Method" {...fieldMessageProps(errors.method)}>
        <Dropdown
          placeholder="Pick a method"
          value={methods.find((m) => m.id === draft.contact_method_id)?.label ?? ''}
          selectedOptions={[draft.contact_method_id]}
          onOptionSelect={(_, data) => data.optionValue && onChange({ contact_method_id: data.optionValue })}
        >
          {methods.map((m) => (
            <Option key={m.id} value={m.id}>
              {m.verified ? m.label : `${m.label} (not verified)`}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Field className={styles.delay} label="After (minutes)" {...fieldMessageProps(errors.delay)}>
        <Input type="number" min={0} max={1440} value={draft.delay} onChange={(_, data) => onChange({ delay: data.value })} />
      </Field>
      <ListItemActions name={`rule ${index + 1}`} index={index} count={count} onMove={onMove} onRemove={onRemove} />
    </fieldset>
  );
}
