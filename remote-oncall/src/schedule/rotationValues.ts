import type { ActiveHoursRule, RotationCreate, RotationPublic, ShiftUnit, Validators } from '@vigil/shared';
import { joinNames } from '../format';
import { fromLocalInput, startOfZonedDay, toLocalInput } from '../timeline/zonedTime';

export const UNITS: { value: ShiftUnit; one: string; many: string }[] = [
  { value: 'hours', one: 'hour', many: 'hours' },
  { value: 'days', one: 'day', many: 'days' },
  { value: 'weeks', one: 'week', many: 'weeks' },
];
export const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** "Every week, hand-off at 09:00; Mon–Fri 09:00–17:00". */
export function describeRotation(r: Pick<RotationPublic, 'shift_unit' | 'shift_count' | 'handoff_time' | 'active_hours'>): string {
  const unit = UNITS.find((u) => u.value === r.shift_unit)!;
  const every = r.shift_count === 1 ? `Every ${unit.one}` : `Every ${r.shift_count} ${unit.many}`;
  const handoff = r.shift_unit === 'hours' ? '' : `, hand-off at ${r.handoff_time}`;
  const hours = r.active_hours.length
    ? `; ${r.active_hours.map((rule) => `${joinNames(rule.days.map((d) => DAYS[d - 1]!))} ${rule.start}–${rule.end}`).join('; ')}`
    : '; always active';
  return `${every}${handoff}${hours}`;
}

/** A rotation as edited: named as the API names it, the start as a datetime-local input's value in the schedule's zone. */
export interface RotationValues {
  name: string;
  user_ids: string[];
  shift_unit: ShiftUnit;
  shift_count: number;
  handoff_time: string;
  starts_at: string;
  active_hours: ActiveHoursRule[];
}

export const rotationRules = (zone: string): Validators<RotationValues> => ({
  name: (v) => (v.trim() ? undefined : 'Name is required'),
  user_ids: (v) => (v.length ? undefined : 'Add at least one person'),
  shift_count: (v) => (Number.isInteger(v) && v >= 1 && v <= 1000 ? undefined : 'From 1 to 1000'),
  starts_at: (v) => (fromLocalInput(v, zone) ? undefined : 'A date and time is required'),
  active_hours: (v) => (v.some((rule) => rule.days.length === 0) ? 'Each rule needs at least one day' : undefined),
});

/** The form's values for `rotation`, or a new one's: weekly, from 09:00 today where the schedule is. */
export const rotationValuesOf = (rotation: RotationPublic | null, zone: string): RotationValues => ({
  name: rotation?.name ?? '',
  user_ids: rotation?.user_ids ?? [],
  shift_unit: rotation?.shift_unit ?? 'weeks',
  shift_count: rotation?.shift_count ?? 1,
  handoff_time: rotation?.handoff_time ?? '09:00',
  starts_at: toLocalInput(rotation ? Date.parse(rotation.starts_at) : startOfZonedDay(Date.now(), zone) + 9 * 3_600_000, zone),
  active_hours: rotation?.active_hours ?? [],
});

/** Valid values as the API takes them (the start read on the schedule's clock). */
export const rotationBody = (values: RotationValues, zone: string): RotationCreate => ({
  name: values.name.trim(),
  user_ids: values.user_ids,
  shift_unit: values.shift_unit,
  shift_count: values.shift_count,
  handoff_time: values.handoff_time,
  starts_at: fromLocalInput(values.starts_at, zone)!,
  active_hours: values.active_hours,
});
