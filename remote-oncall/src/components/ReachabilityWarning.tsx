import { Link, MessageBar, MessageBarBody, MessageBarTitle, makeStyles, tokens } from '@fluentui/react-components';
import { type Reachability, UNWAKEABLE_REASON_TEXT, useCurrentUser } from '@vigil/shared';
import { useNavigate } from 'react-router-dom';

const useStyles = makeStyles({
  list: { margin: `${tokens.spacingVerticalXS} 0 0`, paddingLeft: tokens.spacingHorizontalL },
});

/** "3 people": how many, in words. */
const people = (n: number) => (n === 1 ? '1 person' : `${n} people`);

/**
 * A warning naming those a policy or schedule reaches whom an alert would not wake, and why
 * (docs/oncall/contact-methods.md, "Who can be woken"); the viewer's own line links to their
 * contact methods. Nothing while everyone can be woken, or while the answer is not in.
 */
export function ReachabilityWarning({ reachability, what }: { reachability: Reachability | undefined; what: string }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const me = useCurrentUser().data;
  const asleep = reachability?.users.filter((u) => !u.wakeable) ?? [];
  if (asleep.length === 0) return null;
  // Those who cannot be woken come first: past a full list of them, more may follow.
  const unlisted = asleep.length === reachability?.users.length ? reachability.count - asleep.length : 0;
  return (
    <MessageBar intent="warning" layout="multiline" data-testid="reachability-warning">
      <MessageBarBody>
        <MessageBarTitle>
          {people(asleep.length)} {what} cannot be woken by an alert
        </MessageBarTitle>
        Email, webhooks and chat posts do not ring a phone at night: each needs a verified SMS, voice call or ntfy method that a
        notification rule uses.
        <ul className={styles.list}>
          {asleep.map((u) => (
            <li key={u.id}>
              {u.name || u.email}: {u.reason ? UNWAKEABLE_REASON_TEXT[u.reason] : ''}
              {u.id === me?.id && (
                <>
                  {' — '}
                  <Link as="button" inline onClick={() => navigate('/oncall/contact-methods')}>
                    set up your contact methods
                  </Link>
                </>
              )}
            </li>
          ))}
          {unlisted > 0 && <li>and up to {people(unlisted)} more, not listed</li>}
        </ul>
      </MessageBarBody>
    </MessageBar>
  );
}
