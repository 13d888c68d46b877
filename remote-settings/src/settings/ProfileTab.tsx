import { Button, Field, Input, makeStyles, mergeClasses, Spinner, tokens } from '@fluentui/react-components';
import { EditRegular } from '@fluentui/react-icons';
import {
  PROFILE_FULL_NAME_MAX_LENGTH,
  type UserPublic,
  useNotify,
  useUpdateMe,
  useValidatedForm,
  validateEmail,
  validateOptionalFullName,
} from '@vigil/shared';
import { useState } from 'react';
import { SettingsSection } from './SettingsSection';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  details: {
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    display: 'grid',
    gridTemplateColumns: 'minmax(96px, max-content) 1fr',
    gap: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalXL}`,
    margin: 0,
  },
  term: { color: tokens.colorNeutralForeground3, fontWeight: tokens.fontWeightSemibold },
  value: { margin: 0, overflowWrap: 'anywhere' },
  missing: { color: tokens.colorNeutralForeground4, fontStyle: 'italic' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

interface ProfileValues {
  full_name: string;
  email: string;
}

const profileOf = (user: UserPublic): ProfileValues => ({ full_name: user.full_name ?? '', email: user.email });

/**
 * My profile (docs/product.md §2.7, §4.3, §5.3): view mode shows the full name ('N/A' when empty) and email;
 * Edit turns them into inputs. Save needs a change and an email; Cancel resets and leaves edit mode.
 */
export function ProfileTab({ user }: { user: UserPublic }) {
  const styles = useStyles();
  const [editing, setEditing] = useState(false);
  const [initial] = useState(() => profileOf(user));
  const form = useValidatedForm<ProfileValues>(initial, {
    full_name: (value) => validateOptionalFullName(value),
    email: (value) => validateEmail(value),
  });
  const updateMe = useUpdateMe();
  const notify = useNotify();

  const cancel = () => {
    form.reset(profileOf(user));
    setEditing(false);
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await updateMe.mutateAsync({ full_name: values.full_name.trim() || null, email: values.email.trim() });
      notify.success('User updated successfully.');
      form.reset(profileOf(saved));
      setEditing(false);
    } catch (error) {
      notify.error(error);
    }
  });

  const canSave = form.isDirty && form.values.email.trim() !== '' && !updateMe.isPending;

  return (
    <SettingsSection title="User Information" description="Your name and the email you sign in with.">
      {editing ? (
        <form className={styles.form} onSubmit={submit} noValidate>
          <Field label="Full name" hint={`Up to ${PROFILE_FULL_NAME_MAX_LENGTH} characters.`} {...form.fieldState('full_name')}>
            <Input maxLength={PROFILE_FULL_NAME_MAX_LENGTH} autoComplete="name" {...form.field('full_name')} />
          </Field>
          <Field label="Email" required {...form.fieldState('email')}>
            <Input type="email" autoComplete="email" {...form.field('email')} />
          </Field>
          <div className={styles.actions}>
            <Button type="submit" appearance="primary" disabled={!canSave} icon={updateMe.isPending ? <Spinner size="tiny" /> : undefined}>
              Save
            </Button>
            <Button type="button" disabled={updateMe.isPending} onClick={cancel}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <>
          <dl className={styles.details}>
            <dt className={styles.term}>Full name</dt>
            <dd className={mergeClasses(styles.value, !user.full_name && styles.missing)}>{user.full_name || 'N/A'}</dd>
            <dt className={styles.term}>Email</dt>
            <dd className={styles.value}>{user.email}</dd>
          </dl>
          <div className={styles.actions}>
            <Button
              icon={<EditRegular />}
              onClick={() => {
                form.reset(profileOf(user));
                setEditing(true);
              }}
            >
              Edit
            </Button>
          </div>
        </>
      )}
    </SettingsSection>
  );
}
