import { randomBytes } from 'node:crypto';
import { type AuditActor, recordAudit } from '../audit/record.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { type ChatChannelRow, type ChatKind, PROVIDER_KINDS, type ProviderKind, type UserRow } from '../db/schema.js';
import { HttpError, invalidField, notFound } from '../errors.js';
import type { ProviderStore } from '../providers/store.js';
import { requireTeamRole, type TeamNeed } from '../teams/access.js';
import { TEAM_NOT_FOUND } from '../teams/service.js';
import {
  type ChatChannelCreate,
  type ChatChannelPublic,
  type ChatChannelUpdate,
  type ChatChannelWithSecret,
  MAX_CHAT_CHANNELS_PER_TEAM,
} from './channelSchema.js';
import { chatSendContext } from './chatMessages.js';
import type { ChatProvider } from './provider.js';

export interface ChatChannelDeps {
  db: Db;
  config: Config;
  now: () => Date;
  providers: ProviderStore;
  chatProviders: readonly ChatProvider[];
}

export const CHANNEL_NOT_FOUND = 'Chat channel not found';
export const LABEL_TAKEN = 'This team already has a chat channel with this label';
export const TOO_MANY_CHANNELS = `A team has at most ${MAX_CHAT_CHANNELS_PER_TEAM} chat channels`;
export const kindNotAvailable = (kind: string) => `chat channels of kind ${kind} are not available in this build`;
/** How long "send a test" waits for the provider before answering. */
export const TEST_TIMEOUT_MS = 15_000;

const isUniqueViolation = (error: unknown) => typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';
const needsProvider = (kind: ChatKind): kind is ChatKind & ProviderKind => (PROVIDER_KINDS as readonly string[]).includes(kind);

/**
 * What may be shown of a target: a channel or chat id as it is; a webhook URL (anyone holding it
 * may post) as its origin and last 4 characters, as contact methods show a Slack-compatible URL.
 */
export function publicChatTarget(target: string): string {
  if (!/^https?:\/\//i.test(target)) return target;
  try {
    const url = new URL(target);
    return `${url.origin}/…${(url.pathname + url.search).slice(-4)}`;
  } catch {
    return '…';
  }
}

export function toChatChannelPublic(row: ChatChannelRow): ChatChannelPublic {
  return {
    id: row.id,
    team_id: row.team_id,
    kind: row.kind,
    label: row.label,
    target: publicChatTarget(row.target),
    enabled: row.enabled,
    has_secret: row.secret !== null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The registered provider of a kind, or a 422 naming `kind`. */
export function providerOf(deps: Pick<ChatChannelDeps, 'chatProviders'>, kind: ChatKind): ChatProvider {
  const provider = deps.chatProviders.find((p) => p.kind === kind);
  if (!provider) throw invalidField(['body', 'kind'], kindNotAvailable(kind));
  return provider;
}

/** 409 naming the provider when the kind needs a superuser's set-up that is not there. */
async function requireConfigured(deps: ChatChannelDeps, kind: ChatKind): Promise<void> {
  if (needsProvider(kind)) await deps.providers.require(kind);
}

type Caller = Pick<UserRow, 'id' | 'is_superuser' | 'onlyTeam'>;
const hiddenTeam = () => notFound(TEAM_NOT_FOUND);
const allowed = (deps: ChatChannelDeps, user: Caller, teamId: string, need: TeamNeed) =>
  requireTeamRole(deps.db, user, teamId, need, hiddenTeam);

async function teamChannel(db: Db, teamId: string, id: string, lock = false): Promise<ChatChannelRow> {
  let query = db.selectFrom('chat_channels').selectAll().where('id', '=', id).where('team_id', '=', teamId);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw new HttpError(404, CHANNEL_NOT_FOUND);
  return row;
}

export async function listChatChannels(deps: ChatChannelDeps, user: Caller, teamId: string): Promise<ChatChannelPublic[]> {
  await allowed(deps, user, teamId, 'read');
  const rows = await deps.db
    .selectFrom('chat_channels')
    .selectAll()
    .where('team_id', '=', teamId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toChatChannelPublic);
}

/** A new channel, checked by its kind's provider; its secret (kinds that have one) answered this once. */
export async function createChatChannel(
  deps: ChatChannelDeps,
  actor: AuditActor,
  user: Caller,
  teamId: string,
  input: ChatChannelCreate,
): Promise<ChatChannelWithSecret> {
  await allowed(deps, user, teamId, 'manage');
  const provider = providerOf(deps, input.kind);
  await requireConfigured(deps, input.kind);
  const target = provider.checkTarget(input.target, { allowPrivateNetworks: deps.config.contactMethods.allowPrivateNetworks });
  const secret = provider.hasSecret ? `chs_${randomBytes(32).toString('base64url')}` : null;
  const row = await deps.db.transaction().execute(async (trx) => {
    // One team's creations one at a time, so the cap holds.
    const team = await trx.selectFrom('teams').select('id').where('id', '=', teamId).forUpdate().executeTakeFirst();
    if (!team) throw hiddenTeam();
    const { count } = await trx
      .selectFrom('chat_channels')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('team_id', '=', teamId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= MAX_CHAT_CHANNELS_PER_TEAM) throw new HttpError(409, TOO_MANY_CHANNELS);
    const row = await trx
      .insertInto('chat_channels')
      .values({ team_id: teamId, kind: input.kind, label: input.label.trim(), target, secret, created_by: user.id })
      .returningAll()
      .executeTakeFirstOrThrow()
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? new HttpError(409, LABEL_TAKEN) : error;
      });
    await recordAudit(trx, actor, { action: 'chat_channel.created', targetType: 'chat_channel', targetId: row.id, teamId, after: row });
    return row;
  });
  return { ...toChatChannelPublic(row), secret: row.secret };
}

export async function updateChatChannel(
  deps: ChatChannelDeps,
  actor: AuditActor,
  user: Caller,
  teamId: string,
  id: string,
  changes: ChatChannelUpdate,
): Promise<ChatChannelPublic> {
  await allowed(deps, user, teamId, 'manage');
  return deps.db.transaction().execute(async (trx) => {
    const channel = await teamChannel(trx, teamId, id, true);
    const target =
      changes.target === undefined
        ? channel.target
        : providerOf(deps, channel.kind).checkTarget(changes.target, {
            allowPrivateNetworks: deps.config.contactMethods.allowPrivateNetworks,
          });
    const row = await trx
      .updateTable('chat_channels')
      .set({ label: changes.label?.trim() ?? channel.label, target, enabled: changes.enabled ?? channel.enabled, updated_at: deps.now() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow()
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? new HttpError(409, LABEL_TAKEN) : error;
      });
    const after = { ...row, target_changed: target !== channel.target };
    await recordAudit(trx, actor, {
      action: 'chat_channel.updated',
      targetType: 'chat_channel',
      targetId: id,
      teamId,
      before: channel,
      after,
    });
    return toChatChannelPublic(row);
  });
}

/** Deletes the channel; its posts and updates still waiting are skipped when their time comes (method_deleted). */
export async function deleteChatChannel(deps: ChatChannelDeps, actor: AuditActor, user: Caller, teamId: string, id: string): Promise<void> {
  await allowed(deps, user, teamId, 'manage');
  await deps.db.transaction().execute(async (trx) => {
    const before = await teamChannel(trx, teamId, id, true);
    await trx.deleteFrom('chat_channels').where('id', '=', id).execute();
    await recordAudit(trx, actor, { action: 'chat_channel.deleted', targetType: 'chat_channel', targetId: id, teamId, before });
  });
}

/**
 * Posts a test message through the channel's provider, now, and answers in words what the
 * provider said (a 409 naming its refusal: the provider's fault is reported, never a 5xx); a test of a disabled channel goes too.
 */
export async function testChatChannel(deps: ChatChannelDeps, user: Caller, teamId: string, id: string): Promise<{ message: string }> {
  await allowed(deps, user, teamId, 'manage');
  const channel = await teamChannel(deps.db, teamId, id);
  const provider = providerOf(deps, channel.kind);
  await requireConfigured(deps, channel.kind);
  const context = chatSendContext(deps.config, deps.providers, deps.now());
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${TEST_TIMEOUT_MS / 1000} s`)), TEST_TIMEOUT_MS);
  });
  try {
    await Promise.race([provider.test(channel, context), timeout]);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new HttpError(409, `The test message was not posted: ${reason}`.slice(0, 400));
  } finally {
    clearTimeout(timer);
  }
  return { message: `Test message posted to ${channel.label}` };
}

/** The kinds this build posts to, with whether each can be used now (for the console's picker). */
export async function chatKinds(deps: ChatChannelDeps) {
  return Promise.all(
    deps.chatProviders.map(async (p) => ({
      kind: p.kind,
      title: p.title,
      has_secret: p.hasSecret,
      provider: needsProvider(p.kind) ? p.kind : null,
      available: needsProvider(p.kind) ? (await deps.providers.read(p.kind)) !== null : true,
    })),
  );
}
