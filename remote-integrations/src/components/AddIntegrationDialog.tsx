import {
  CreateDialog,
  INTEGRATION_TEXT_LIMITS,
  type IntegrationWithIngest,
  TeamPicker,
  TitleDescriptionFields,
  titleDescriptionRules,
  useCreateIntegration,
} from '@vigil/shared';

const INITIAL = { title: '', description: '', team_id: '' };
const RULES = titleDescriptionRules(INTEGRATION_TEXT_LIMITS);

/**
 * "Add Integration": title, description and (for someone who administers several teams) its
 * team, the list's filter first; the new integration then opens with its ingest URL.
 */
export function AddIntegrationDialog({ teamId, onCreated }: { teamId?: string; onCreated: (integration: IntegrationWithIngest) => void }) {
  return (
    <CreateDialog
      label="Add Integration"
      initial={INITIAL}
      rules={RULES}
      mutation={useCreateIntegration()}
      toBody={(values) => ({
        title: values.title.trim(),
        description: values.description.trim() || null,
        ...(values.team_id && { team_id: values.team_id }),
      })}
      createdText="Integration created successfully."
      onCreated={onCreated}
    >
      {(form) => (
        <>
          <TeamPicker value={form.values.team_id} onChange={(id) => form.setValue('team_id', id)} preferred={teamId} />
          <TitleDescriptionFields form={form} limits={INTEGRATION_TEXT_LIMITS} titlePlaceholder="Prometheus production" />
        </>
      )}
    </CreateDialog>
  );
}
