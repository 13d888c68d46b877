import { Body1Strong, Button, Caption1, Field, Input, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { fieldErrors, type IntegrationPublic, useNotify, useSetIntegrationGrouping, useValidatedForm } from '@vigil/shared';
import { useEffect } from 'react';
import { GROUPING_RULES, type GroupingValues, groupingBody, groupingSummary, groupingValuesOf } from './groupingForm';

export const GROUPING_SAVED = 'Grouping saved';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: tokens.spacingVerticalS },
  heading: { display: 'block', marginTop: tokens.spacingVerticalM },
  save: { alignSelf: 'flex-start' },
});

/**
 * An integration's grouping (docs/oncall/grouping.md): the labels whose values make alerts one,
 * and the window a group's alert absorbs others for. Saved with its own button; a refusal's
 * messages show at their fields.
 */
export function GroupingSettings({ integration }: { integration: IntegrationPublic }) {
  const styles = useStyles();
  const notify = useNotify();
  const save = useSetIntegrationGrouping();
  const form = useValidatedForm<GroupingValues>(groupingValuesOf(integration), GROUPING_RULES);
  const { reset } = form;
  const stored = groupingValuesOf(integration);
  // Another integration, or the saved values read back: the form starts from them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the stored values are the trigger
  useEffect(() => reset(stored), [integration.id, stored.labels, stored.window]);

  const submit = form.handleSubmit((values) =>
    save.mutate(
      { integrationId: integration.id, ...groupingBody(values) },
      {
        onSuccess: () => notify.success(GROUPING_SAVED),
        onError: (error) => {
          const placed = fieldErrors(error);
          const labels = Object.entries(placed).find(([key]) => key.startsWith('group_by'))?.[1];
          const window = placed.group_window_minutes;
          if (labels || window) form.setServerErrors({ ...(labels && { labels }), ...(window && { window }) });
          else notify.error(error);
        },
      },
    ),
  );

  return (
    <section aria-label="Grouping">
      <Body1Strong as="h3" className={styles.heading}>
        Grouping
      </Body1Strong>
      <form className={styles.form} onSubmit={submit} noValidate>
        <Caption1>{groupingSummary(integration)}</Caption1>
        <Field
          label="Group alerts by labels"
          hint="Label names, separated by commas (alertname, cluster). Each group is one alert listing its occurrences, with one notification. Empty: off."
          {...form.fieldState('labels')}
        >
          <Input {...form.field('labels')} placeholder="alertname, cluster" />
        </Field>
        <Field
          label="Window (minutes)"
          hint="How long after a group's alert opened it takes in new alerts of its group."
          {...form.fieldState('window')}
        >
          <Input {...form.field('window')} type="number" min={1} max={1440} />
        </Field>
        <Button
          className={styles.save}
          type="submit"
          disabled={save.isPending || !form.isDirty}
          icon={save.isPending ? <Spinner size="tiny" /> : undefined}
        >
          Save grouping
        </Button>
      </form>
    </section>
  );
}
