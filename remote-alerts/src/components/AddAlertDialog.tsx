import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
  Dropdown,
  Field,
  Input,
  makeStyles,
  Option,
  Spinner,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { ALERT_SEVERITIES, type AlertSeverity, useCreateAlert, useNotify, useValidatedForm } from '@vigil/shared';
import { useState } from 'react';
import { ALERT_DESCRIPTION_MAX, ALERT_TITLE_MAX, validateDescription, validateTitle } from './alertForm';

const capitalised = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

const INITIAL = { title: '', description: '', severity: 'warning' as AlertSeverity };

/** "Add Alert": a manual alert (title, description, severity); it opens, and its owner gets the action link. */
export function AddAlertDialog() {
  const styles = useStyles();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const createAlert = useCreateAlert();
  const form = useValidatedForm(INITIAL, { title: validateTitle, description: validateDescription });

  const close = () => {
    if (createAlert.isPending) return;
    setOpen(false);
    form.reset();
  };

  const submit = form.handleSubmit((values) =>
    createAlert.mutate(
      { title: values.title.trim(), description: values.description.trim() || null, severity: values.severity },
      {
        onSuccess: () => {
          notify.success('Alert created successfully.');
          setOpen(false);
          form.reset();
        },
        onError: (error) => notify.error(error),
      },
    ),
  );

  return (
    <Dialog open={open} onOpenChange={(_, data) => (data.open ? setOpen(true) : close())}>
      <DialogTrigger disableButtonEnhancement>
        <Button appearance="primary" icon={<AddRegular />}>
          Add Alert
        </Button>
      </DialogTrigger>
      <DialogSurface>
        <form onSubmit={submit} noValidate>
          <DialogBody>
            <DialogTitle>Add Alert</DialogTitle>
            <DialogContent className={styles.form}>
              <Field label="Title" required {...form.fieldState('title')}>
                <Input {...form.field('title')} maxLength={ALERT_TITLE_MAX} placeholder="Disk almost full on web-3" />
              </Field>
              <Field label="Description" {...form.fieldState('description')}>
                <Textarea
                  name="description"
                  value={form.values.description}
                  maxLength={ALERT_DESCRIPTION_MAX}
                  onChange={(_, data) => form.setValue('description', data.value)}
                  onBlur={() => form.touch('description')}
                  resize="vertical"
                />
              </Field>
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
            </DialogContent>
            <DialogActions>
              <Button type="button" onClick={close} disabled={createAlert.isPending}>
                Cancel
              </Button>
              <Button
                type="submit"
                appearance="primary"
                disabled={createAlert.isPending}
                icon={createAlert.isPending ? <Spinner size="tiny" /> : undefined}
              >
                Save
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
