import { Body1Strong, Button, Dropdown, Field, Input, makeStyles, Option, Text, tokens } from '@fluentui/react-components';
import {
  API_LIMITS,
  CHAT_KIND_HELP,
  type ChatChannelWithSecret,
  type ChatKind,
  type ChatKindPublic,
  CopyButton,
  MutationFormDialog,
  useCreateChatChannel,
} from '@vigil/shared';

const useStyles = makeStyles({
  panel: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorPaletteMarigoldBorder2}`,
    backgroundColor: tokens.colorPaletteMarigoldBackground1,
  },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', minWidth: 0 },
  secret: { flex: '1 1 auto', minWidth: 0, fontFamily: tokens.fontFamilyMonospace },
});

interface ChannelValues {
  kind: ChatKind;
  label: string;
  target: string;
}

const RULES = {
  kind: () => undefined,
  label: (v: string) => (v.trim() ? undefined : 'Label is required'),
  target: (v: string) => (v.trim() ? undefined : 'Target is required'),
};

const labelOf = (kind: ChatKindPublic) => CHAT_KIND_HELP[kind.kind]?.label ?? kind.title;

/**
 * "Add chat channel": a kind among those this server posts to and has set up, a label and the
 * kind's target (a Slack channel id, a webhook URL…). The answer goes on to `onSaved` (its
 * secret, for kinds that have one, is shown once).
 */
export function AddChatChannelDialog(props: {
  teamId: string;
  kinds: ChatKindPublic[];
  open: boolean;
  onClose: () => void;
  onSaved: (channel: ChatChannelWithSecret) => void;
}) {
  const usable = props.kinds.filter((k) => k.available);
  const first = usable[0]?.kind ?? 'slack_app';
  return (
    <MutationFormDialog
      open={props.open}
      title="Add chat channel"
      description="Every new alert of the team is posted there, and the message kept up to date."
      submitLabel="Add"
      initial={{ kind: first, label: '', target: '' } satisfies ChannelValues}
      rules={RULES}
      mutation={useCreateChatChannel(props.teamId)}
      toVariables={(values) => ({ kind: values.kind, label: values.label.trim(), target: values.target.trim() })}
      successText="Chat channel added."
      onSaved={props.onSaved}
      onClose={props.onClose}
    >
      {(form) => {
        const help = CHAT_KIND_HELP[form.values.kind];
        const chosen = props.kinds.find((k) => k.kind === form.values.kind);
        return (
          <>
            <Field
              label="Kind"
              required
              hint={usable.length < props.kinds.length ? 'Kinds a superuser has not set up yet are not offered.' : undefined}
            >
              <Dropdown
                inlinePopup
                value={chosen ? labelOf(chosen) : ''}
                selectedOptions={[form.values.kind]}
                onOptionSelect={(_, d) => d.optionValue && form.setValue('kind', d.optionValue as ChatKind)}
              >
                {usable.map((k) => (
                  <Option key={k.kind} value={k.kind}>
                    {labelOf(k)}
                  </Option>
                ))}
              </Dropdown>
            </Field>
            <Field label="Label" required hint="The team's name for it, e.g. #payments-alerts." {...form.fieldState('label')}>
              <Input {...form.field('label')} maxLength={API_LIMITS.ChatChannelCreate.label.maxLength} />
            </Field>
            <Field label="Target" required hint={help?.target} {...form.fieldState('target')}>
              <Input {...form.field('target')} placeholder={help?.placeholder} maxLength={API_LIMITS.ChatChannelCreate.target.maxLength} />
            </Field>
          </>
        );
      }}
    </MutationFormDialog>
  );
}

/** A new channel's own secret, answered this once: a panel on the page that stays until Done. */
export function ChannelSecretPanel({ channel, onClose }: { channel: ChatChannelWithSecret; onClose: () => void }) {
  const styles = useStyles();
  return (
    <section className={styles.panel} aria-label="Channel secret">
      <Body1Strong as="h2">Secret for {channel.label}</Body1Strong>
      <Text weight="semibold">Copy this secret now: it is shown only this once.</Text>
      <div className={styles.row}>
        <Input className={styles.secret} readOnly value={channel.secret ?? ''} aria-label="Channel secret" />
        <CopyButton text={channel.secret ?? ''} />
      </div>
      <div>
        <Button appearance="primary" onClick={onClose}>
          Done
        </Button>
      </div>
    </section>
  );
}
