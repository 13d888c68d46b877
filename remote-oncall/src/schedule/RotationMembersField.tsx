import { Field, makeStyles, Text, tokens } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { fieldMessageProps, ListItemActions, moveItem, removeItem, useUserNames } from '@vigil/shared';
import { PersonPicker } from '../components/PersonPicker';

const useStyles = makeStyles({
  members: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, margin: 0, padding: 0, listStyleType: 'none' },
  member: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  memberName: { flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
});

/** The people who take turns, in order: reordered, removed, added from the directory (one may take several turns). */
export function RotationMembersField({
  userIds,
  error,
  onChange,
}: {
  userIds: string[];
  error: string | undefined;
  onChange: (userIds: string[]) => void;
}) {
  const styles = useStyles();
  const { nameOf } = useUserNames(userIds);
  return (
    <Field label="People, in turn" required {...fieldMessageProps(error)}>
      <ol className={styles.members} aria-label="People in turn">
        {userIds.map((id, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the same person may take several turns
          <li key={`${id}-${i}`} className={styles.member}>
            <Text className={styles.memberName}>
              {i + 1}. {nameOf(id)}
            </Text>
            <ListItemActions
              name={nameOf(id)}
              index={i}
              count={userIds.length}
              size="small"
              removeIcon={<DismissRegular />}
              onMove={(by) => onChange(moveItem(userIds, i, by))}
              onRemove={() => onChange(removeItem(userIds, i))}
            />
          </li>
        ))}
      </ol>
      <PersonPicker
        label="Add a person"
        placeholder="Add a person: type a name…"
        value=""
        onPick={(user) => onChange([...userIds, user.id])}
      />
    </Field>
  );
}
