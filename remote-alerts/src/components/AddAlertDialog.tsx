import { Dropdown, Field, Option } from '@fluentui/react-components';
import {
  ALERT_SEVERITIES,
  ALERT_TEXT_LIMITS,
  type AlertSeverity,
  CreateDialog,
  TeamPicker,
  TitleDescriptionFields,
  titleDescriptionRules,
  useCreateAlert,
} from '@vigil/shared';

const capitalised = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

const INITIAL = { title: '', description: '', severity: 'warning' as AlertSeverity, team_id: '' };
const RULES = titleDescriptionRules(ALERT_TEXT_LIMITS);

/**
 * "Add Alert": a manual alert (title, description, severity, and its team for someone who may
 * create in several: a responder or admin there); it opens, and its owner gets the action link.
 */
export function AddAlertDialog({ teamId }: { teamId?: string }) {
  return (
    <CreateDialog
      label="Add Alert"
      initial={INITIAL}
      rules={RULES}
      mutation={useCreateAlert()}
      toBody={(values) => ({
        title: values.title.trim(),
        description: values.description.trim() || null,
        severity: values.severity,
        ...(values.team_id && { team_id: values.team_id }),
      })}
      createdText="Alert created successfully."
    >
      {(form) => (
        <>
          <TeamPicker value={form.values.team_id} onChange={(id) => form.setValue('team_id', id)} need="responder" preferred={teamId} />
          <TitleDescriptionFields form={form} limits={ALERT_TEXT_LIMITS} titlePlaceholder="Disk almost full on web-3" />
          <Field label="Severity">
            <Dropdown
              value={capitalised(form.values.severity)}
              selectedOptions={[form.values.severity]}
              onOptionSelect={(_, data) => data.optionValue && form.setValue('severity', data.optionValue as AlertSeverity)}
            >
              {ALERT_SEVERITIES.map((severity) => (
                <Option key={severity} value={severity}>
                  {capitalised(severity)}
                </Option>
              ))}
            </Dropdown>
          </Field>
        </>
      )}
    </CreateDialog>
  );
}
