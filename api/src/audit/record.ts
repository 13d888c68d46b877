import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import { type AuditTargetType, auditedSnapshot } from './redaction.js';

/**
 * Who acted: a signed-in user (API tokens will set `tokenId`), or nobody (a refused sign-in),
 * and from which address. `label` is the actor's email as it was then: entries outlive users.
 */
export interface AuditActor {
  userId: string | null;
  tokenId: string | null;
  label: string | null;
  address: string | null;
}

/** The server itself: the first superuser created at start, periodic passes. */
export const SYSTEM_ACTOR: AuditActor = { userId: null, tokenId: null, label: 'system', address: null };

/** The actor of a request, from the user its auth hook read (none on a public route). */
export function auditActor(request: FastifyRequest): AuditActor {
  const user = request.user ?? null;
  return { userId: user?.id ?? null, tokenId: request.apiToken?.id ?? null, label: user?.email ?? null, address: request.ip ?? null };
}

/** One audited change: `action` is `<target type>.<verb>` (`integration.key_rotated`). */
export interface AuditEntry {
  action: `${AuditTargetType}.${string}`;
  targetType: AuditTargetType;
  targetId: string | null;
  /** The team the target belongs to; null for users, settings and sign-ins. */
  teamId?: string | null;
  /** The record before and after, whole if convenient: only its audited fields are kept (redaction.ts). */
  before?: object | null;
  after?: object | null;
}

/**
 * Writes one audit entry. Call it with the transaction making the change, so the entry and the
 * change commit or roll back together; a refused sign-in (no change) passes the database itself.
 */
export async function recordAudit(trx: Db, actor: AuditActor, entry: AuditEntry): Promise<void> {
  const before = auditedSnapshot(entry.targetType, entry.before);
  const after = auditedSnapshot(entry.targetType, entry.after);
  await trx
    .insertInto('audit_log')
    .values({
      actor_user_id: actor.userId,
      actor_token_id: actor.tokenId,
      actor_label: actor.label,
      address: actor.address,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      team_id: entry.teamId ?? null,
      before: before && JSON.stringify(before),
      after: after && JSON.stringify(after),
    })
    .execute();
}
