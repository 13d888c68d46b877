import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
  Field,
  Input,
  makeStyles,
  Spinner,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { type IntegrationWithIngest, type RuleResult, useCreateIntegration, useNotify, useValidatedForm } from '@vigil/shared';
import { useState } from 'react';

/** The server's limits (api/src/integrations/schema.ts). */
const TITLE_MAX = 255;
const DESCRIPTION_MAX = 4096;

export const INTEGRATION_FORM_MESSAGES = {
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${TITLE_MAX} characters`,
} as const;

const validateTitle = (value: string): RuleResult =>
  value.trim() === ''
    ? INTEGRATION_FORM_MESSAGES.titleRequired
    : value.trim().length > TITLE_MAX
      ? INTEGRATION_FORM_MESSAGES.titleTooLong
      : undefined;

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

const INITIAL = { title: '', description: '' };

/** "Add Integration": title and description; the new integration then opens with its ingest URL. */
export function AddIntegrationDialog({ onCreated }: { onCreated: (integration: IntegrationWithIngest) => void }) {
  const styles = useStyles();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const create = useCreateIntegration();
  const form = useValidatedForm(INITIAL, { title: validateTitle });

  const close = () => {
    if (create.isPending) return;
    setOpen(false);
    form.reset();
  };

  const submit = form.handleSubmit((values) =>
    create.mutate(
      { title: values.title.trim(), description: values.description.trim() || null },
      {
        onSuccess: (integration) => {
          notify.success('Integration created successfully.');
          setOpen(false);
          form.reset();
          onCreated(integration);
        },
        onError: (error) => notify.error(error),
      },
    ),
  );

  return (
    <Dialog open={open} onOpenChange={(_, data) => (data.open ? setOpen(true) : close())}>
      <DialogTrigger disableButtonEnhancement>
        <Button appearance="primary" icon={<AddRegular />}>
          Add Integration
        </Button>
      </DialogTrigger>
      <DialogSurface>
        <form onSubmit={submit} noValidate>
          <DialogBody>
            <DialogTitle>Add Integration</DialogTitle>
            <DialogContent className={styles.form}>
              <Field label="Title" required {...form.fieldState('title')}>
                <Input {...form.field('title')} maxLength={TITLE_MAX} placeholder="Prometheus production" />
              </Field>
              <Field label="Description">
                <Textarea
                  name="description"
                  value={form.values.description}
                  maxLength={DESCRIPTION_MAX}
                  onChange={(_, data) => form.setValue('description', data.value)}
                  resize="vertical"
                />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button type="button" onClick={close} disabled={create.isPending}>
                Cancel
              </Button>
              <Button
                type="submit"
                appearance="primary"
                disabled={create.isPending}
                icon={create.isPending ? <Spinner size="tiny" /> : undefined}
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
