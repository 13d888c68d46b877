import { type Static, Type } from 'typebox';
import { ALERT_SEVERITIES } from '../db/schema.js';

export const HEARTBEAT_NAME_MAX = 255;
/** Up to 31 days between pings (a monthly job); the grace up to one day. */
export const HEARTBEAT_INTERVAL_MAX = 44_640;
export const HEARTBEAT_GRACE_MAX = 1440;
export const HEARTBEAT_GRACE_DEFAULT = 5;
/** Monitors one integration may hold (GoAlert's default): a cron host's jobs, not an unbounded table. */
export const HEARTBEAT_MONITORS_PER_INTEGRATION_MAX = 30;

const Uuid = Type.String({ format: 'uuid' });
const Name = Type.String({ minLength: 1, maxLength: HEARTBEAT_NAME_MAX });
const IntervalMinutes = Type.Integer({ minimum: 1, maximum: HEARTBEAT_INTERVAL_MAX });
const GraceMinutes = Type.Integer({ minimum: 0, maximum: HEARTBEAT_GRACE_MAX });
const Severity = Type.Enum([...ALERT_SEVERITIES], { title: 'AlertSeverity' });

export const HeartbeatParams = Type.Object({ id: Uuid, monitor_id: Uuid });
export const PingParams = Type.Object({ token: Type.String() });

/** Our own bodies: closed, an unknown field is refused. */
export const HeartbeatCreate = Type.Object(
  {
    name: Name,
    /** A ping is expected at least this often, in minutes. */
    interval_minutes: IntervalMinutes,
    /** How late a ping may be before it counts as missed. */
    grace_minutes: Type.Optional(Type.Integer({ minimum: 0, maximum: HEARTBEAT_GRACE_MAX, default: HEARTBEAT_GRACE_DEFAULT })),
    /** The missed-ping alert's severity. */
    severity: Type.Optional(Type.Enum([...ALERT_SEVERITIES], { title: 'AlertSeverity', default: 'critical' })),
  },
  { title: 'HeartbeatCreate', additionalProperties: false },
);
export type HeartbeatCreate = Static<typeof HeartbeatCreate>;

export const HeartbeatUpdate = Type.Object(
  {
    name: Type.Optional(Name),
    interval_minutes: Type.Optional(IntervalMinutes),
    grace_minutes: Type.Optional(GraceMinutes),
    severity: Type.Optional(Severity),
  },
  { title: 'HeartbeatUpdate', additionalProperties: false },
);
export type HeartbeatUpdate = Static<typeof HeartbeatUpdate>;

export const HeartbeatPublic = Type.Object(
  {
    id: Uuid,
    integration_id: Uuid,
    name: Type.String(),
    interval_minutes: Type.Integer(),
    grace_minutes: Type.Integer(),
    severity: Severity,
    /** `new`: no ping yet and not yet late; `up`: pinged in time; `down`: a ping was missed (its alert raised). */
    status: Type.Enum(['new', 'up', 'down'], { title: 'HeartbeatStatus' }),
    last_ping_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    /** A ping must come before this, else the monitor is down. */
    due_at: Type.String({ format: 'date-time' }),
    created_at: Type.String({ format: 'date-time' }),
  },
  { title: 'HeartbeatPublic' },
);
export type HeartbeatPublic = Static<typeof HeartbeatPublic>;

export const HeartbeatsPublic = Type.Object({ data: Type.Array(HeartbeatPublic), count: Type.Integer() }, { title: 'HeartbeatsPublic' });

/** A freshly issued ping token and its URL: answered once, only a hash is stored. */
export const HeartbeatPingToken = Type.Object({ ping_token: Type.String(), ping_url: Type.String() }, { title: 'HeartbeatPingToken' });
export type HeartbeatPingToken = Static<typeof HeartbeatPingToken>;

export const HeartbeatCreated = Type.Object(
  { ...HeartbeatPublic.properties, ...HeartbeatPingToken.properties },
  { title: 'HeartbeatCreated' },
);
