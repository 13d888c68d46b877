import { Caption1, Skeleton, SkeletonItem, Text } from '@fluentui/react-components';
import { useOnCall } from '@vigil/shared';
import { formatWhen, joinNames } from '../format';
import { usePeople } from '../people';

/** "Ann Lee" now, and "Ben Ode from Fri 5 Dec, 09:00" next, for one schedule. */
export function useOnCallText(scheduleId: string, timeZone: string) {
  const onCall = useOnCall(scheduleId);
  const { nameOf } = usePeople();
  if (!onCall.data) return { loading: onCall.isPending, failed: onCall.isError, now: '', next: '' };
  const { user_ids, next } = onCall.data;
  return {
    loading: false,
    failed: false,
    now: user_ids.length ? joinNames(user_ids.map(nameOf)) : 'No one',
    next: next
      ? `${next.user_ids.length ? joinNames(next.user_ids.map(nameOf)) : 'No one'} from ${formatWhen(next.at, timeZone)}`
      : 'No change ahead',
  };
}

export function OnCallNowCell({ scheduleId, timeZone, part }: { scheduleId: string; timeZone: string; part: 'now' | 'next' }) {
  const text = useOnCallText(scheduleId, timeZone);
  if (text.loading)
    return (
      <Skeleton aria-label="Loading">
        <SkeletonItem style={{ width: 96 }} />
      </Skeleton>
    );
  if (text.failed) return <Caption1>Could not be read</Caption1>;
  return <Text weight={part === 'now' ? 'semibold' : 'regular'}>{text[part]}</Text>;
}
