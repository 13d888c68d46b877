import {
  CreateDialog,
  INTEGRATION_TEXT_LIMITS,
  type IntegrationWithIngest,
  TitleDescriptionFields,
  titleDescriptionRules,
  useCreateIntegration,
} from '@vigil/shared';

const INITIAL = { title: '', description: '' };
const RULES = titleDescriptionRules(INTEGRATION_TEXT_LIMITS);

/** "Add Integration": title and description; the new integration then opens with its ingest URL. */
export function AddIntegrationDialog({ onCreated }: { onCreated: (integration: IntegrationWithIngest) => void }) {
  return (
    <CreateDialog
      label="Add Integration"
      initial={INITIAL}
      rules={RULES}
      mutation={useCreateIntegration()}
      toBody={(values) => ({ title: values.title.trim(), description: values.description.trim() || null })}
      createdText="Integration created successfully."
      onCreated={onCreated}
    >
      {(form) => <TitleDescriptionFields form={form} limits={INTEGRATION_TEXT_LIMITS} titlePlaceholder="Prometheus production" />}
    </CreateDialog>
  );
}
