import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { requireUser, userOf } from '../auth/currentUser.js';
import type { UserReads } from '../auth/userReads.js';
import { errorResponses, HttpErrorBody } from '../common/schema.js';
import type { Config } from '../config.js';
import { isConnectionError } from '../db/connectionErrors.js';
import type { Db } from '../db/database.js';
import type { UserRow } from '../db/schema.js';
import { HttpError } from '../errors.js';
import { teamsOf } from '../teams/access.js';
import { type AlertChangeFeed, concerns } from './alertChanges.js';

/** At most one "alerts-changed" per stream in this window: a webhook storm is one refetch, not thousands. */
const THROTTLE_MS = 500;
/** What a console waits after a 429 before trying again (its own backoff reaches 30 s too). */
const STREAMS_RETRY_AFTER_SECONDS = 30;
/** The teams a stream tells of: the user's (a team token's: its team alone). */
const teamsOfStream = async (db: Db, user: UserRow) => (user.onlyTeam ? new Map([[user.onlyTeam, 'observer']]) : teamsOf(db, user.id));

/** A stream re-reads its user's teams on another team's change at most this often. */
const TEAMS_REREAD_MS = 2_000;

/**
 * Whether a stream opened as `opened` may go on for the user as they are now (`fresh`, as
 * just read). What a stream tells depends on the role (a superuser hears of everyone's
 * alerts), so a changed role ends it as a voided token does: the console reconnects and gets
 * a stream for the role it has now (or a 401, and logs out).
 */
export const streamStillValid = (opened: UserRow, fresh: UserRow | undefined): boolean =>
  Boolean(fresh?.is_active && fresh.token_version === opened.token_version && fresh.is_superuser === opened.is_superuser);

/**
 * GET /api/v1/alert/changes: server-sent events telling a console its alert list changed,
 * whoever changed it and on whichever replica (AlertChangeFeed). The console refetches what it
 * shows; the stream carries no alert data, so it needs no per-alert permission logic. Read
 * with fetch (the console sends its bearer header), not EventSource, so no token is ever put
 * in a URL, where logs would keep it.
 */
export interface ChangeStreamDeps {
  db: Db;
  config: Config;
  alertChanges: AlertChangeFeed;
  /** Each open stream re-reads its user on every heartbeat. */
  userReads: UserReads;
}

export async function changeStreamRoute(app: FastifyInstance, deps: ChangeStreamDeps): Promise<void> {
  app.get(
    '/changes',
    {
      onRequest: requireUser,
      schema: {
        tags: ['alerts'],
        operationId: 'alerts-changes',
        summary: 'Server-sent events: "alerts-changed" whenever alerts the caller sees change',
        security: [{ OAuth2PasswordBearer: [] }],
        produces: ['text/event-stream'],
        response: { 200: Type.String({ description: 'text/event-stream' }), 401: errorResponses[401], 429: HttpErrorBody },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      const { maxPerUser, heartbeatMs } = deps.config.changeStreams;
      // Each stream holds a socket and a timer on this process for as long as it is open: a
      // user (or a stolen token) cannot pile them up. Checked and counted in one synchronous
      // stretch (subscribe adds the stream before its first await), so two opens cannot race.
      if (deps.alertChanges.streamsOf(user.id) >= maxPerUser) {
        throw new HttpError(429, `Too many open change streams: at most ${maxPerUser} per user; close another console tab`, {
          'retry-after': String(STREAMS_RETRY_AFTER_SECONDS),
        });
      }
      // Which teams' changes it tells: read now and again on every heartbeat (a new member hears
      // their team's changes within a heartbeat; one who left stops hearing them).
      let teams = new Set((await teamsOfStream(deps.db, user)).keys());
      let teamsReadAt = 0;
      const unknownTeams = new Set<string>();
      let rereadTimer: NodeJS.Timeout | undefined;
      const rereadTeams = async () => {
        const asked = [...unknownTeams];
        unknownTeams.clear();
        teamsReadAt = Date.now();
        const now = await teamsOfStream(deps.db, user).catch(() => undefined);
        rereadTimer = undefined;
        if (!now || ended) return;
        teams = new Set(now.keys());
        if (asked.some((id) => teams.has(id))) changed();
      };
      reply.hijack();
      const res = reply.raw;
      const socket = request.raw.socket;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // Nginx would otherwise buffer the stream; the connection is the stream's alone.
        'x-accel-buffering': 'no',
        connection: 'close',
      });
      const send = (event: string) => res.write(`event: ${event}\ndata: {}\n\n`);

      let windowTimer: NodeJS.Timeout | undefined;
      let pending = false;
      const changed = () => {
        if (windowTimer) {
          pending = true;
          return;
        }
        send('alerts-changed');
        windowTimer = setTimeout(function closeWindow() {
          windowTimer = undefined;
          if (pending) {
            pending = false;
            changed();
          }
        }, THROTTLE_MS);
      };

      let unsubscribe = () => {};
      let ended = false;
      // Keeps proxies from closing a quiet stream, and re-reads the user: a voided token, a
      // changed role, a deactivated or deleted account end it (so does a failed read: what the
      // stream may tell cannot be checked then). A stream opened with an API token also ends
      // once that token is revoked or expired.
      const apiTokenId = request.apiToken?.id;
      const apiTokens = request.server.authentication.apiTokens;
      const heartbeat = setInterval(async () => {
        res.write(': ping\n\n');
        const fresh = await deps.userReads.userById(user.id).catch(() => undefined);
        const tokenValid = apiTokenId === undefined || (await apiTokens.stillValid(apiTokenId).catch(() => false));
        if (!streamStillValid(user, fresh) || !tokenValid) return end();
        const now = await teamsOfStream(deps.db, user).catch(() => undefined);
        if (!now) return end();
        teams = new Set(now.keys());
        teamsReadAt = Date.now();
      }, heartbeatMs);
      const end = () => {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        clearTimeout(windowTimer);
        clearTimeout(rereadTimer);
        unsubscribe();
        // The connection was the stream's alone. A client that stopped reading never lets
        // the end flush, and its socket would hold the server's close: a second at most.
        res.end();
        setTimeout(() => socket.destroy(), 1_000).unref();
      };
      // The response's close, not the request's: that one fires once a GET is read, not when the client goes.
      res.once('close', end);
      try {
        unsubscribe = await deps.alertChanges.subscribe({
          userId: user.id,
          onChange: (change) => {
            if (concerns(change, user, teams)) return changed();
            // Another team's change, or one of a team the user joined (or was given, with their
            // first creation) since their teams were read: read them again, at most once per
            // TEAMS_REREAD_MS (a storm of other teams' changes is one read), and tell them if
            // one of those teams is now theirs.
            if (!('teams' in change)) return;
            for (const id of change.teams) unknownTeams.add(id);
            if (!rereadTimer) rereadTimer = setTimeout(rereadTeams, Math.max(0, teamsReadAt + TEAMS_REREAD_MS - Date.now()));
          },
          onEnd: end,
        });
        // The client left while the feed was connecting: its stream must not stay counted.
        if (ended) unsubscribe();
      } catch (error) {
        // The database is away (logged once as an outage): the console reconnects later.
        if (!isConnectionError(error)) request.log.error({ err: error }, 'alert change feed unavailable');
        end();
        return;
      }
      if (ended) return;
      // retry: how long EventSource-style clients wait before reconnecting.
      res.write('retry: 3000\n\n');
      send('ready');
    },
  );
}
