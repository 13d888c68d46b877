import { Caption1, Skeleton, SkeletonItem, Text } from '@fluentui/react-components';
import { type OnCallPublic, useOnCall, useUserNames } from '@vigil/shared';
import { formatWhen, joinNames } from '../format';

type OnCallAnswer = OnCallPublic;
type OnCallText = { loading: boolean; failed: boolean; now: string; next: string };

/** "Ann Lee" now, and "Ben Ode from Fri 5 Dec, 09:00" next, for one schedule. */
export function useOnCallText(scheduleId: string, timeZone: string): OnCallText {
  const onCall = useOnCall(scheduleId);
  const { nameOf } = useUserNames(peopleOf(onCall.data));
  if (!onCall.data) return { loading: onCall.isPending, failed: onCall.isError, now: '', next: '' };
  return onCallTextOf(onCall.data, nameOf, timeZone);
}

/** Whom an answer names: on call now, and next. */
export const peopleOf = (answer: OnCallAnswer | null | undefined) => (answer ? [...answer.user_ids, ...(answer.next?.user_ids ?? [])] : []);

function onCallTextOf({ user_ids, next }: OnCallAnswer, nameOf: (id: string) => string, timeZone: string): OnCallText {
  return {
    loading: false,
    failed: false,
    now: user_ids.length ? joinNames(user_ids.map(nameOf)) : 'No one',
    next: next
      ? `${next.user_ids.length ? joinNames(next.user_ids.map(nameOf)) : 'No one'} from ${formatWhen(next.at, timeZone)}`
      : 'No change ahead',
  };
}

/**
 * One cell of the schedules list, from the list's one request for every row (useOnCallMany):
 * `answer` undefined while it loads, null when it failed or left the schedule out. `nameOf`
 * is the list's, which asks the names of every row at once.
 */
export function OnCallNowCell({
  answer,
  loading,
  timeZone,
  part,
  nameOf,
}: {
  answer: OnCallAnswer | null | undefined;
  loading: boolean;
  timeZone: string;
  part: 'now' | 'next';
  nameOf: (id: string) => string;
}) {
  const text: OnCallText = answer ? onCallTextOf(answer, nameOf, timeZone) : { loading, failed: !loading, now: '', next: '' };
  if (text.loading)
    return (
      <Skeleton aria-label="Loading">
        <SkeletonItem style={{ width: 96 }} />
      </Skeleton>
    );
  if (text.failed) return <Caption1>Could not be read</Caption1>;
  return <Text weight={part === 'now' ? 'semibold' : 'regular'}>{text[part]}</Text>;
}
