import {
  Button,
  Card,
  Dropdown,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  makeStyles,
  Option,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, ArrowDownRegular, ArrowUpRegular, DeleteRegular } from '@fluentui/react-icons';
import { type ContactMethodPublic, errorText, useNotificationRules, useNotify, useSaveNotificationRules } from '@vigil/shared';
import { useEffect, useState } from 'react';
import { fieldErrors } from '../fieldErrors';

export const RULES_SAVED = 'Your notification rules were saved successfully';

/** "Immediately by Work webhook", "After 5 minutes by Phone". */
export const ruleText = (delay: number, label: string) =>
  delay === 0 ? `Immediately by ${label}` : `After ${delay} minute${delay === 1 ? '' : 's'} by ${label}`;

interface Draft {
  key: number;
  contact_method_id: string;
  delay: string;
}
let nextKey = 0;

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalL },
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
  summary: { color: tokens.colorNeutralForeground2 },
  bar: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

/** The ordered list of how you are reached for an alert; Save replaces the whole list. */
export function NotificationRulesEditor({ methods }: { methods: ContactMethodPublic[] }) {
  const styles = useStyles();
  const notify = useNotify();
  const rules = useNotificationRules();
  const save = useSaveNotificationRules();
  const [drafts, setDrafts] = useState<Draft[]>([]);
  const [server, setServer] = useState<Record<string, string>>({});
  useEffect(() => {
    if (rules.data)
      setDrafts(rules.data.rules.map((r) => ({ key: nextKey++, contact_method_id: r.contact_method_id, delay: String(r.delay_minutes) })));
  }, [rules.data]);

  const labelOf = (id: string) => methods.find((m) => m.id === id)?.label ?? '';
  const delayProblem = (d: Draft) => {
    const n = Number(d.delay);
    return d.delay !== '' && Number.isInteger(n) && n >= 0 && n <= 1440 ? undefined : 'Minutes from 0 to 1440';
  };
  const valid = drafts.every((d) => d.contact_method_id && !delayProblem(d));
  const change = (i: number, patch: Partial<Draft>) => setDrafts((all) => all.map((d, j) => (j === i ? { ...d, ...patch } : d)));
  const move = (i: number, by: -1 | 1) =>
    setDrafts((all) => {
      const next = [...all];
      const [moved] = next.splice(i, 1);
      if (moved) next.splice(i + by, 0, moved);
      return next;
    });

  return (
    <section aria-label="Notification rules">
      <Card className={styles.card}>
        <Text as="h2" weight="semibold" size={400}>
          Notification rules
        </Text>
        <Text className={styles.summary}>
          When an alert reaches you, each rule sends it by one method after its delay, while the alert is still unacknowledged. Unverified
          methods are skipped.
        </Text>
        {rules.isError && (
          <MessageBar intent="error">
            <MessageBarBody>{errorText(rules.error)}</MessageBarBody>
          </MessageBar>
        )}
        {!rules.data && !rules.isError && <Spinner size="small" label="Loading rules" />}
        {drafts.map((d, i) => {
          const methodError = server[`rules.${i}.contact_method_id`];
          const delayError = server[`rules.${i}.delay_minutes`] ?? delayProblem(d);
          return (
            <fieldset key={d.key} className={styles.rule} aria-label={`Rule ${i + 1}`}>
              <Field
                className={styles.method}
                label="Method"
                {...(methodError ? { validationState: 'error' as const, validationMessage: methodError } : {})}
              >
                <Dropdown
                  placeholder="Pick a method"
                  value={labelOf(d.contact_method_id)}
                  selectedOptions={[d.contact_method_id]}
                  onOptionSelect={(_, data) => data.optionValue && change(i, { contact_method_id: data.optionValue })}
                >
                  {methods.map((m) => (
                    <Option key={m.id} value={m.id}>
                      {m.verified ? m.label : `${m.label} (not verified)`}
                    </Option>
                  ))}
                </Dropdown>
              </Field>
              <Field
                className={styles.delay}
                label="After (minutes)"
                {...(delayError ? { validationState: 'error' as const, validationMessage: delayError } : {})}
              >
                <Input type="number" min={0} max={1440} value={d.delay} onChange={(_, data) => change(i, { delay: data.value })} />
              </Field>
              <Button
                appearance="subtle"
                icon={<ArrowUpRegular />}
                aria-label={`Move rule ${i + 1} up`}
                disabled={i === 0}
                onClick={() => move(i, -1)}
              />
              <Button
                appearance="subtle"
                icon={<ArrowDownRegular />}
                aria-label={`Move rule ${i + 1} down`}
                disabled={i === drafts.length - 1}
                onClick={() => move(i, 1)}
              />
              <Button
                appearance="subtle"
                icon={<DeleteRegular />}
                aria-label={`Remove rule ${i + 1}`}
                onClick={() => setDrafts((all) => all.filter((_, j) => j !== i))}
              />
            </fieldset>
          );
        })}
        {drafts.length > 0 && (
          <ul className={styles.summary} aria-label="Rules in words">
            {drafts
              .filter((d) => d.contact_method_id && !delayProblem(d))
              .map((d) => (
                <li key={d.key}>{ruleText(Number(d.delay), labelOf(d.contact_method_id))}</li>
              ))}
          </ul>
        )}
        <div className={styles.bar}>
          <Button
            icon={<AddRegular />}
            disabled={methods.length === 0 || drafts.length >= 20}
            onClick={() => setDrafts((all) => [...all, { key: nextKey++, contact_method_id: methods[0]?.id ?? '', delay: '0' }])}
          >
            Add rule
          </Button>
          <Button
            appearance="primary"
            disabled={!valid || save.isPending || !rules.data}
            onClick={() =>
              save.mutate(
                drafts.map((d) => ({ contact_method_id: d.contact_method_id, delay_minutes: Number(d.delay) })),
                {
                  onSuccess: () => {
                    setServer({});
                    notify.success(RULES_SAVED);
                  },
                  onError: (error) => {
                    setServer(fieldErrors(error));
                    notify.error(error);
                  },
                },
              )
            }
          >
            Save rules
          </Button>
        </div>
      </Card>
    </section>
  );
}
