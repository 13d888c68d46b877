import { Button, Card, MessageBar, MessageBarBody, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import {
  type ContactMethodPublic,
  errorText,
  fieldErrors,
  moveItem,
  removeItem,
  replaceItem,
  useNotificationRules,
  useNotify,
  useSaveNotificationRules,
} from '@vigil/shared';
import { useEffect, useState } from 'react';
import { NotificationRuleRow, type RuleDraft } from './NotificationRuleRow';

export const RULES_SAVED = 'Your notification rules were saved successfully';

/** "Immediately by Work webhook", "After 5 minutes by Phone". */
export const ruleText = (delay: number, label: string) =>
  delay === 0 ? `Immediately by ${label}` : `After ${delay} minute${delay === 1 ? '' : 's'} by ${label}`;

let nextKey = 0;

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalL },
  summary: { color: tokens.colorNeutralForeground2 },
  bar: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

/** The ordered list of how you are reached for an alert; Save replaces the whole list. */
export function NotificationRulesEditor({ methods }: { methods: ContactMethodPublic[] }) {
  const styles = useStyles();
  const notify = useNotify();
  const rules = useNotificationRules();
  const save = useSaveNotificationRules();
  const [drafts, setDrafts] = useState<RuleDraft[]>([]);
  const [server, setServer] = useState<Record<string, string>>({});
  useEffect(() => {
    if (rules.data)
      setDrafts(rules.data.rules.map((r) => ({ key: nextKey++, contact_method_id: r.contact_method_id, delay: String(r.delay_minutes) })));
  }, [rules.data]);

  const labelOf = (id: string) => methods.find((m) => m.id === id)?.label ?? '';
  const delayProblem = (d: RuleDraft) => {
    const n = Number(d.delay);
    return d.delay !== '' && Number.isInteger(n) && n >= 0 && n <= 1440 ? undefined : 'Minutes from 0 to 1440';
  };
  const valid = drafts.every((d) => d.contact_method_id && !delayProblem(d));
  const submit = () =>
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
    );

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
        {drafts.map((d, i) => (
          <NotificationRuleRow
            key={d.key}
            draft={d}
            index={i}
            count={drafts.length}
            methods={methods}
            errors={{ method: server[`rules.${i}.contact_method_id`], delay: server[`rules.${i}.delay_minutes`] ?? delayProblem(d) }}
            onChange={(patch) => setDrafts((all) => replaceItem(all, i, { ...all[i]!, ...patch }))}
            onMove={(by) => setDrafts((all) => moveItem(all, i, by))}
            onRemove={() => setDrafts((all) => removeItem(all, i))}
          />
        ))}
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
          <Button appearance="primary" disabled={!valid || save.isPending || !rules.data} onClick={submit}>
            Save rules
          </Button>
        </div>
      </Card>
    </section>
  );
}
