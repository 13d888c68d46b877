import { Body1Strong, Button, Field, Input, makeStyles, Text, tokens } from '@fluentui/react-components';
import {
  API_LIMITS,
  CopyButton,
  MutationFormDialog,
  TEAM_ROLE_LABELS,
  type TeamInviteCreated,
  type TeamRole,
  TeamRoleDropdown,
  useInviteToTeam,
  validateEmail,
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
  url: { flex: '1 1 auto', minWidth: 0, fontFamily: tokens.fontFamilyMonospace },
});

interface InviteValues {
  email: string;
  role: TeamRole;
}

const INITIAL: InviteValues = { email: '', role: 'responder' };
const RULES = { email: (value: string) => validateEmail(value), role: () => undefined };

/** What each role may, under the role picker. */
export const ROLE_HINTS: Record<TeamRole, string> = {
  admin: 'Changes the team, its members and everything it owns.',
  responder: "Acts on the team's alerts and creates them.",
  observer: 'Reads the team and what it owns.',
};

/** "Invite member": an address and a role; the answer's link is then shown once (`onSaved`). */
export function InviteDialog(props: { teamId: string; open: boolean; onClose: () => void; onSaved: (invite: TeamInviteCreated) => void }) {
  return (
    <MutationFormDialog
      open={props.open}
      title="Invite member"
      description="We email them a link that works for 7 days, once. Someone without an account signs up with it."
      submitLabel="Invite"
      initial={INITIAL}
      rules={RULES}
      mutation={useInviteToTeam()}
      toVariables={(values) => ({ teamId: props.teamId, body: { email: values.email.trim(), role: values.role } })}
      successText="Invitation sent."
      onSaved={props.onSaved}
      onClose={props.onClose}
    >
      {(form) => (
        <>
          <Field label="Email" required {...form.fieldState('email')}>
            <Input type="email" inputMode="email" maxLength={API_LIMITS.TeamInviteCreate.email.maxLength} {...form.field('email')} />
          </Field>
          <Field label="Role" hint={ROLE_HINTS[form.values.role]}>
            <TeamRoleDropdown value={form.values.role} onChange={(role) => form.setValue('role', role)} />
          </Field>
        </>
      )}
    </MutationFormDialog>
  );
}

/**
 * The invitation's link, answered this once: to pass on another way if the email does not
 * arrive. A panel on the page, not a second dialog over the closing one, so it stays until Done.
 */
export function InviteLinkPanel({ invite, onClose }: { invite: TeamInviteCreated; onClose: () => void }) {
  const styles = useStyles();
  return (
    <section className={styles.panel} aria-label="Invitation sent">
      <Body1Strong as="h2">Invitation sent</Body1Strong>
      <Text>
        {invite.email} is invited as {TEAM_ROLE_LABELS[invite.role].toLowerCase()}.
      </Text>
      <Text weight="semibold">Copy the link now: it is shown only this once, in case the email does not arrive.</Text>
      <Field label="Invitation link">
        <div className={styles.row}>
          <Input
            className={styles.url}
            readOnly
            value={invite.invite_url}
            aria-label="Invitation link"
            onFocus={(event) => event.target.select()}
          />
          <CopyButton text={invite.invite_url} />
        </div>
      </Field>
      <div>
        <Button appearance="primary" onClick={onClose}>
          Done
        </Button>
      </div>
    </section>
  );
}
