import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ClientOption, useApiClient } from '../api/api';
import type { ApiClient, Schemas } from '../api/client';
import { unwrap } from '../api/errors';

// Calendar feeds (docs/oncall/calendars.md): the signed-in user's secret iCalendar URLs, of their
// own shifts or of one schedule, and the on-call hours export of a schedule. A user holds at
// most 10 feeds: one request reads them all.

export type CalendarFeedPublic = Schemas['CalendarFeedPublic'];
export type CalendarFeedCreated = Schemas['CalendarFeedCreated'];
export type CalendarFeedCreate = Schemas['CalendarFeedCreate'];

export const calendarFeedKeys = { all: ['calendar-feeds'] as const };

export function useCalendarFeeds(options?: ClientOption) {
  const client = useApiClient(options);
  return useQuery({
    queryKey: calendarFeedKeys.all,
    queryFn: async ({ signal }) => unwrap(await client.GET('/api/v1/users/me/calendar-feeds', { signal })),
  });
}

/** The answer carries the feed's URL with its secret: shown this once. */
export function useCreateCalendarFeed(options?: ClientOption) {
  const client = useApiClient(options);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CalendarFeedCreate) => unwrap(await client.POST('/api/v1/users/me/calendar-feeds', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarFeedKeys.all }),
  });
}

export function useRevokeCalendarFeed(options?: ClientOption) {
  const client = useApiClient(options);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await client.DELETE('/api/v1/users/me/calendar-feeds/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarFeedKeys.all }),
  });
}

/** The same feed as a `webcal://` link: Apple Calendar and Outlook open it as a subscription. */
export const webcalUrl = (url: string) => url.replace(/^https?:/, 'webcal:');

/** A schedule's on-call hours over [from, to) (ISO instants), saved as the CSV file the server names. */
export async function downloadOncallHours(client: ApiClient, scheduleId: string, from: string, to: string): Promise<void> {
  const result = await client.GET('/api/v1/schedules/{id}/oncall-hours.csv', {
    params: { path: { id: scheduleId }, query: { from, to } },
    parseAs: 'blob',
  });
  const blob = unwrap(result) as unknown as Blob;
  const name = /filename="([^"]+)"/.exec(result.response.headers.get('content-disposition') ?? '')?.[1] ?? 'oncall-hours.csv';
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  link.click();
  URL.revokeObjectURL(link.href);
}

/** The export as a mutation: its pending state and its error for the dialog that asks for it. */
export function useDownloadOncallHours(options?: ClientOption) {
  const client = useApiClient(options);
  return useMutation({
    mutationFn: ({ scheduleId, from, to }: { scheduleId: string; from: string; to: string }) =>
      downloadOncallHours(client, scheduleId, from, to),
  });
}
