import { Badge, Body1Strong, Button, Caption1, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { AddRegular, EditRegular } from '@fluentui/react-icons';
import {
  errorText,
  fieldErrors,
  type IntegrationPublic,
  ListItemActions,
  moveItem,
  ROUTING_LIMITS,
  type RoutingRule,
  type RoutingTestResult,
  removeItem,
  replaceItem,
  useCanManageTeamOf,
  useEscalationPolicies,
  useNotify,
  useRoutingRules,
  useSaveRoutingRules,
  useTestRoutingRules,
} from '@vigil/shared';
import { useEffect, useState } from 'react';
import { RoutingDrops } from './RoutingDrops';
import { RoutingTestPanel, type SampleEvent } from './RoutingTestPanel';
import { RuleEditorDialog } from './RuleEditorDialog';
import { actionText, conditionText, errorsByRule, type RuleDraft, toInput } from './ruleText';

export const RULES_SAVED = 'The routing rules were saved';

let nextKey = 0;
const toDraft = (rule: RoutingRule): RuleDraft => ({
  key: nextKey++,
  id: rule.id,
  name: rule.name,
  mode: rule.mode,
  matchers: rule.matchers,
  action: rule.action,
  escalation_policy_id: rule.escalation_policy_id,
  severity: rule.severity,
});
const newDraft = (): RuleDraft => ({
  key: nextKey++,
  name: '',
  mode: 'all',
  matchers: [],
  action: 'route',
  escalation_policy_id: null,
  severity: null,
});

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, marginTop: tokens.spacingVerticalL },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  rule: {
    display: 'flex',
    alignItems: 'flex-start',
    gap: tokens.spacingHorizontalS,
    padding: tokens.spacingVerticalS,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  text: { display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' },
  detail: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1 },
  actions: { display: 'flex', flexWrap: 'wrap' },
  bar: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', alignItems: 'center' },
});

/**
 * The integration's routing rules (docs/oncall/routing.md): the list in order, each edited in
 * a dialog, moved or removed here; "Save rules" replaces the whole list (a 422 is shown next
 * to the rule it names). "Test" tries the list as it stands on the newest alerts. Its team's
 * admins edit; other members read and test.
 */
export function RoutingRulesSection({ integration }: { integration: IntegrationPublic }) {
  const styles = useStyles();
  const notify = useNotify();
  const canManage = useCanManageTeamOf()(integration.team_id);
  const rules = useRoutingRules(integration.id);
  const policies = useEscalationPolicies({ teamId: integration.team_id }).data?.data ?? [];
  const save = useSaveRoutingRules();
  const test = useTestRoutingRules();
  const [drafts, setDrafts] = useState<RuleDraft[]>([]);
  const [dirty, setDirty] = useState(false);
  const [server, setServer] = useState<Record<string, string>>({});
  const [editing, setEditing] = useState<{ draft: RuleDraft; index: number | null }>();
  const [results, setResults] = useState<RoutingTestResult[]>();
  useEffect(() => {
    if (!rules.data) return;
    setDrafts(rules.data.data.map(toDraft));
    setDirty(false);
  }, [rules.data]);

  const policyName = (id: string) => policies.find((p) => p.id === id)?.name ?? 'a policy of the team';
  const errors = errorsByRule(server);
  const change = (next: RuleDraft[]) => {
    setDrafts(next);
    setDirty(true);
    setServer({});
  };
  const keep = (draft: RuleDraft) => {
    change(editing?.index === null || editing === undefined ? [...drafts, draft] : replaceItem(drafts, editing.index, draft));
    setEditing(undefined);
  };
  const saveRules = () =>
    save.mutate(
      { integrationId: integration.id, rules: drafts.map(toInput) },
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
  const discard = () => {
    if (!rules.data) return;
    setDrafts(rules.data.data.map(toDraft));
    setDirty(false);
    setServer({});
  };
  const runTest = (sample: SampleEvent | undefined) =>
    test.mutate(
      { integrationId: integration.id, rules: drafts.map(toInput), ...(sample && { event: sample }) },
      {
        onSuccess: (answer) => {
          setServer({});
          setResults(answer.data);
        },
        onError: (error) => {
          setServer(fieldErrors(error));
          setResults(undefined);
          notify.error(error);
        },
      },
    );

  return (
    <section className={styles.section} aria-label="Routing rules">
      <Body1Strong>Routing rules</Body1Strong>
      <Caption1>
        Each alert this integration receives goes through the rules in order. A severity rule sets the severity and the next rules still
        apply; the first route or drop rule that matches decides. An alert no rule decides escalates by the integration's policy. Resolves
        always go through.
      </Caption1>
      {rules.isError && <Text role="alert">{errorText(rules.error)}</Text>}
      {!rules.data && !rules.isError && <Spinner size="tiny" label="Loading the routing rules" />}
      {rules.data && drafts.length === 0 && <Text>No routing rule: every alert escalates by the integration's policy.</Text>}
      {drafts.length > 0 && (
        <ol className={styles.list} aria-label="Rules in order">
          {drafts.map((d, i) => (
            <li key={d.key} className={styles.rule} aria-label={`Rule ${i + 1}: ${d.name}`}>
              <Badge appearance="tint" shape="circular">
                {i + 1}
              </Badge>
              <div className={styles.text}>
                <Text weight="semibold">{d.name}</Text>
                <Caption1 className={styles.detail}>{conditionText(d)}</Caption1>
                <Caption1>{actionText(d, policyName)}</Caption1>
                {(errors.get(i) ?? []).map((message) => (
                  <Caption1 key={message} className={styles.error} role="alert">
                    {message}
                  </Caption1>
                ))}
              </div>
              {canManage && (
                <div className={styles.actions}>
                  <Button
                    size="small"
                    appearance="subtle"
                    icon={<EditRegular />}
                    aria-label={`Edit rule ${i + 1}`}
                    onClick={() => setEditing({ draft: d, index: i })}
                  />
                  <ListItemActions
                    size="small"
                    name={`rule ${i + 1}`}
                    index={i}
                    count={drafts.length}
                    onMove={(by) => change(moveItem(drafts, i, by))}
                    onRemove={() => change(removeItem(drafts, i))}
                  />
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
      {canManage && (
        <div className={styles.bar}>
          <Button
            icon={<AddRegular />}
            disabled={!rules.data || drafts.length >= ROUTING_LIMITS.rules}
            onClick={() => setEditing({ draft: newDraft(), index: null })}
          >
            Add rule
          </Button>
          <Button appearance="primary" disabled={!dirty || save.isPending} onClick={saveRules}>
            Save rules
          </Button>
          {dirty && (
            <>
              <Button appearance="subtle" disabled={save.isPending} onClick={discard}>
                Discard changes
              </Button>
              <Caption1>Unsaved changes</Caption1>
            </>
          )}
        </div>
      )}
      <RoutingTestPanel results={results} running={test.isPending} policyName={policyName} onRun={runTest} />
      <RoutingDrops integrationId={integration.id} />
      <RuleEditorDialog
        draft={editing?.draft}
        isNew={editing?.index === null}
        policies={policies}
        onSave={keep}
        onClose={() => setEditing(undefined)}
      />
    </section>
  );
}
