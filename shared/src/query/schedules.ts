import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ClientOption, useApiClient } from '../api/api';
import type { Schemas } from '../api/client';
import { unwrap } from '../api/errors';
import { teamsMayHaveChanged } from './teams';

// On call (docs/oncall/schedules-api.md): schedules with their rotations and overrides, who is
// on call now and next, a timeline, and a user's own shifts (the names: directory.ts).
// Every query key starts with 'schedules' (or 'shifts'), so a change refreshes what shows it.

export type SchedulePublic = Schemas['SchedulePublic'];
export type ScheduleDetail = Schemas['ScheduleDetail'];
export type ScheduleCreate = Schemas['ScheduleCreate'];
export type ScheduleUpdate = Schemas['ScheduleUpdate'];
export type RotationPublic = Schemas['RotationPublic'];
export type RotationCreate = Schemas['RotationCreate'];
export type RotationUpdate = Schemas['RotationUpdate'];
export type OverridePublic = Schemas['OverridePublic'];
export type OverrideCreate = Schemas['OverrideCreate'];
export type OnCallPublic = Schemas['OnCallPublic'];
export type TimelineSegment = Schemas['TimelineSegment'];
export type UserShiftPublic = Schemas['UserShiftPublic'];
export type ShiftUnit = RotationCreate['shift_unit'];
export type OverrideKind = OverrideCreate['kind'];
export type ActiveHoursRule = Schemas['ActiveHoursRule'];

/** The API's page size limit: a team has far fewer schedules. */
const ALL = 100;

export const scheduleKeys = {
  all: ['schedules'] as const,
  /** Every schedule of the caller's teams, or of one (`teamId`). */
  list: (teamId?: string) => ['schedules', 'list', ...(teamId ? [{ team: teamId }] : [])] as const,
  detail: (id: string) => ['schedules', id] as const,
  onCall: (id: string) => ['schedules', id, 'on-call'] as const,
  onCallMany: (ids: string[]) => ['schedules', 'on-call', ids] as const,
  timeline: (id: string, from: string, to: string) => ['schedules', id, 'timeline', { from, to }] as const,
  overrides: (id: string) => ['schedules', id, 'overrides'] as const,
  shifts: (from: string, to: string) => ['shifts', { from, to }] as const,
};

/** Every schedule of the caller's teams (or of one: `teamId`), by name. */
export function useSchedules(options?: ClientOption & { teamId?: string }) {
  const client = useApiClient(options);
  const teamId = options?.teamId;
  return useQuery({
    queryKey: scheduleKeys.list(teamId),
    queryFn: async ({ signal }) =>
      unwrap(
        await client.GET('/api/v1/schedules/', { params: { query: { skip: 0, limit: ALL, ...(teamId && { team_id: teamId }) } }, signal }),
      ),
  });
}

/** One schedule with its rotations. */
export function useSchedule(id: string, options?: ClientOption) {
  const client = useApiClient(options);
  return useQuery({
    queryKey: scheduleKeys.detail(id),
    queryFn: async ({ signal }) => unwrap(await client.GET('/api/v1/schedules/{id}', { params: { path: { id } }, signal })),
  });
}

/** Who is on call now, and the next change; refreshed each minute (a hand-off happens while the page is open). */
export function useOnCall(id: string, options?: ClientOption) {
  const client = useApiClient(options);
  return useQuery({
    queryKey: scheduleKeys.onCall(id),
    queryFn: async ({ signal }) => unwrap(await client.GET('/api/v1/schedules/{id}/on-call', { params: { path: { id } }, signal })),
    refetchInterval: 60_000,
  });
}

/**
 * Who is on call now, and next, in each of `ids` (up to 100: the list page's schedules), in one
 * request rather than one per row; refreshed each minute like useOnCall.
 */
export function useOnCallMany(ids: string[], options?: ClientOption) {
  const client = useApiClient(options);
  return useQuery({
    queryKey: scheduleKeys.onCallMany(ids),
    queryFn: async ({ signal }) =>
      unwrap(await client.GET('/api/v1/schedules/on-call', { params: { query: { schedule_id: ids } }, signal })),
    enabled: ids.length > 0,
    refetchInterval: 60_000,
  });
}

/** Who is on call over `[from, to)` (at most 90 days), as segments tiling the span. */
export function useTimeline(id: string, from: string, to: string, options?: ClientOption) {
  const client = useApiClient(options);
  return useQuery({
    queryKey: scheduleKeys.timeline(id, from, to),
    queryFn: async ({ signal }) =>
      unwrap(await client.GET('/api/v1/schedules/{id}/timeline', { params: { path: { id }, query: { from, to } }, signal })),
    placeholderData: keepPreviousData,
  });
}

/** A schedule's overrides, by start. */
export function useOverrides(id: string, options?: ClientOption) {
  const client = useApiClient(options);
  return useQuery({
    queryKey: scheduleKeys.overrides(id),
    queryFn: async ({ signal }) =>
      unwrap(await client.GET('/api/v1/schedules/{id}/overrides', { params: { path: { id }, query: { skip: 0, limit: ALL } }, signal })),
  });
}

/** The caller's own time on call over `[from, to)`, across schedules. */
export function useMyShifts(from: string, to: string, options?: ClientOption) {
  const client = useApiClient(options);
  return useQuery({
    queryKey: scheduleKeys.shifts(from, to),
    queryFn: async ({ signal }) => unwrap(await client.GET('/api/v1/users/me/shifts', { params: { query: { from, to } }, signal })),
  });
}

/** A mutation whose success refreshes every schedule query and the caller's shifts. */
function useScheduleMutation<Vars, Result>(mutationFn: (vars: Vars) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: scheduleKeys.all }), queryClient.invalidateQueries({ queryKey: ['shifts'] })]),
  });
}

export function useCreateSchedule(options?: ClientOption) {
  const client = useApiClient(options);
  const queryClient = useQueryClient();
  return useScheduleMutation(async (body: ScheduleCreate) => {
    const created = unwrap(await client.POST('/api/v1/schedules/', { body }));
    await teamsMayHaveChanged(queryClient);
    return created;
  });
}

export function useUpdateSchedule(options?: ClientOption) {
  const client = useApiClient(options);
  return useScheduleMutation(async ({ id, body }: { id: string; body: ScheduleUpdate }) =>
    unwrap(await client.PATCH('/api/v1/schedules/{id}', { params: { path: { id } }, body })),
  );
}

export function useDeleteSchedule(options?: ClientOption) {
  const client = useApiClient(options);
  return useScheduleMutation(async (id: string) => unwrap(await client.DELETE('/api/v1/schedules/{id}', { params: { path: { id } } })));
}

export function useCreateRotation(options?: ClientOption) {
  const client = useApiClient(options);
  return useScheduleMutation(async ({ scheduleId, body }: { scheduleId: string; body: RotationCreate }) =>
    unwrap(await client.POST('/api/v1/schedules/{id}/rotations', { params: { path: { id: scheduleId } }, body })),
  );
}

export function useUpdateRotation(options?: ClientOption) {
  const client = useApiClient(options);
  return useScheduleMutation(async ({ scheduleId, rotationId, body }: { scheduleId: string; rotationId: string; body: RotationUpdate }) =>
    unwrap(
      await client.PATCH('/api/v1/schedules/{id}/rotations/{rotation_id}', {
        params: { path: { id: scheduleId, rotation_id: rotationId } },
        body,
      }),
    ),
  );
}

export function useDeleteRotation(options?: ClientOption) {
  const client = useApiClient(options);
  return useScheduleMutation(async ({ scheduleId, rotationId }: { scheduleId: string; rotationId: string }) =>
    unwrap(
      await client.DELETE('/api/v1/schedules/{id}/rotations/{rotation_id}', {
        params: { path: { id: scheduleId, rotation_id: rotationId } },
      }),
    ),
  );
}

export function useCreateOverride(options?: ClientOption) {
  const client = useApiClient(options);
  return useScheduleMutation(async ({ scheduleId, body }: { scheduleId: string; body: OverrideCreate }) =>
    unwrap(await client.POST('/api/v1/schedules/{id}/overrides', { params: { path: { id: scheduleId } }, body })),
  );
}

export function useDeleteOverride(options?: ClientOption) {
  const client = useApiClient(options);
  return useScheduleMutation(async ({ scheduleId, overrideId }: { scheduleId: string; overrideId: string }) =>
    unwrap(
      await client.DELETE('/api/v1/schedules/{id}/overrides/{override_id}', {
        params: { path: { id: scheduleId, override_id: overrideId } },
      }),
    ),
  );
}
