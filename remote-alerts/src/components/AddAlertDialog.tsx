import { Dropdown, Field, Option } from '@fluentui/react-components';
import {
  ALERT_SEVERITIES,
  ALERT_TEXT_LIMITS,
  type AlertSeverity,
  CreateDialog,
  TitleDescriptionFields,
  titleDescriptionRules,
  useCreateAlert,
} from '@vigil/shared';

const capitalised = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

const INITIAL = { title: '', description: '', severity: 'warning' as AlertSeverity };
const RULES = titleDescriptionRules(ALERT_TEXT_LIMITS);

/** "Add Alert": a manual alert (title, description, severity); it opens, and its owner gets the action link. */
export function AddAlertDialog() {
  return (
    <CreateDialog
      label="Add Alert"
      initial={INITIAL}
      rules={RULES}
      mutation={useCreateAlert()}
      toBody={(values) => ({ title: values.title.trim(), description: values.description.trim() || null, severity: values.severity })}
      createdText="Alert created successfully."
    >
      {(form) => (
        <>
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
