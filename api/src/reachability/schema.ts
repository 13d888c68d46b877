import { Type } from 'typebox';
import { UNWAKEABLE_REASONS } from './wakeable.js';

/** The most people one answer names; a policy or schedule reaching more says how many in `count`. */
export const REACHABILITY_USERS_MAX = 200;

export const PersonReachability = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    name: Type.Union([Type.String(), Type.Null()]),
    email: Type.String(),
    /** Whether an alert can ring their phone: a verified SMS, voice or ntfy method, sendable and used by a rule. */
    wakeable: Type.Boolean(),
    /** Why not (docs/oncall/contact-methods.md, "Who can be woken"); null when wakeable. */
    reason: Type.Union([Type.Enum([...UNWAKEABLE_REASONS], { title: 'UnwakeableReason' }), Type.Null()]),
  },
  { title: 'PersonReachability' },
);

export const Reachability = Type.Object(
  {
    /** Those who cannot be woken first, then by email; at most REACHABILITY_USERS_MAX. */
    users: Type.Array(PersonReachability),
    /** Everyone it reaches, those left out of `users` included. */
    count: Type.Integer(),
  },
  { title: 'Reachability' },
);
