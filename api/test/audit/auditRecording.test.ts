import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashIngestKey } from '../../src/ingest/keys.js';
import { answered, callAs } from '../helpers/api.js';
import { auditedBy, storedAuditText } from '../helpers/audit.js';
import { codeOf, createMethod, METHODS, RULES } from '../helpers/contactMethods.js';
import { createMonitor } from '../helpers/heartbeats.js';
import { HookReceiver } from '../helpers/hookReceiver.js';
import { INTEGRATIONS } from '../helpers/integrations.js';
import { createPolicy, POLICIES } from '../helpers/policies.js';
import { createRotation, createSchedule, SCHEDULES } from '../helpers/schedules.js';
import { SETTINGS } from '../helpers/settings.js';
import { createTestApp, SUPERUSER, type TestApp, type TestUser } from '../helpers/testApp.js';

/**
 * Every audited change writes exactly one entry, in its own transaction (a refused change
 * writes none; an entry that cannot be written undoes the change), with its actor and address,
 * and no secret used here (passwords, ingest keys, ping tokens and their hashes, webhook
 * secrets, Slack URLs) ever reaches the table.
 */
let t: TestApp;
let owner: TestUser;
let receiver: HookReceiver;
/** Every secret a test sends or is answered: none may appear in the stored entries. */
const secrets: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.createUser({ password: 'owner-password-secret-1' });
  secrets.push('owner-password-secret-1');
  receiver = await new HookReceiver().start();
});
afterAll(async () => {
  await t?.close();
  await receiver?.stop();
});

const actionsOf = (entries: { action: string }[]) => entries.map((entry) => entry.action);

describe('audit recording', () => {
  it('records user changes: created, updated, password changed, signed up, deleted', async () => {
    const [created, ...more] = await auditedBy(t, async () =>
      answered(await callAs(t, t.superuser, 'POST', '/api/v1/users/', { email: 'new@example.com', password: 'created-password-1' })),
    );
    secrets.push('created-password-1');
    expect(more).toEqual([]);
    expect(created).toMatchObject({
      action: 'user.created',
      target_type: 'user',
      actor_user_id: t.superuser.id,
      actor_token_id: null,
      actor_label: SUPERUSER.email,
      address: '127.0.0.1',
      team_id: null,
      before: null,
      after: { email: 'new@example.com', full_name: null, is_active: true, is_superuser: false },
    });
    const userId = created?.target_id as string;
    expect(created?.after?.id).toBe(userId);

    const updated = await auditedBy(t, async () =>
      answered(await callAs(t, t.superuser, 'PATCH', `/api/v1/users/${userId}`, { full_name: 'New Name', password: 'changed-password-2' })),
    );
    secrets.push('changed-password-2');
    expect(updated).toEqual([
      expect.objectContaining({
        action: 'user.updated',
        target_id: userId,
        before: expect.objectContaining({ full_name: null }),
        after: expect.objectContaining({ full_name: 'New Name', password_changed: true }),
      }),
    ]);

    const ownPassword = await auditedBy(t, async () =>
      answered(
        await callAs(t, owner, 'PATCH', '/api/v1/users/me/password', {
          current_password: owner.password,
          new_password: 'owner-password-new-3',
        }),
      ),
    );
    secrets.push('owner-password-new-3');
    // The change ended the owner's sessions: sign in again for the tests below.
    const token = await t.login(owner.email, 'owner-password-new-3');
    owner = { ...owner, password: 'owner-password-new-3', token, auth: { authorization: `Bearer ${token}` } };
    expect(ownPassword).toEqual([
      expect.objectContaining({
        action: 'user.password_changed',
        actor_user_id: owner.id,
        target_id: owner.id,
        after: { id: owner.id, password_changed: true },
      }),
    ]);

    const signedUp = await auditedBy(t, async () =>
      answered(
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/users/signup',
          payload: { email: 'self@example.com', password: 'signup-password-4' },
        }),
      ),
    );
    secrets.push('signup-password-4');
    expect(signedUp).toEqual([
      expect.objectContaining({ action: 'user.signed_up', actor_label: 'self@example.com', actor_user_id: signedUp[0]?.target_id }),
    ]);

    const deleted = await auditedBy(t, async () => answered(await callAs(t, t.superuser, 'DELETE', `/api/v1/users/${userId}`)));
    expect(deleted).toEqual([
      expect.objectContaining({
        action: 'user.deleted',
        target_id: userId,
        before: expect.objectContaining({ email: 'new@example.com' }),
        after: null,
      }),
    ]);

    // A refused change writes nothing: an email already taken.
    const refused = await auditedBy(t, async () =>
      answered(await callAs(t, t.superuser, 'POST', '/api/v1/users/', { email: 'self@example.com', password: 'refused-password-5' }), 409),
    );
    expect(refused).toEqual([]);
  });

  it('records a refused sign-in with the email tried, never the password; a good one records nothing', async () => {
    const login = (username: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/login/access-token',
        payload: new URLSearchParams({ username, password }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const wrong = await auditedBy(t, async () => expect((await login(SUPERUSER.email, 'wrong-password-guess-6')).statusCode).toBe(400));
    const unknown = await auditedBy(t, async () =>
      expect((await login('nobody@example.com', 'wrong-password-guess-7')).statusCode).toBe(400),
    );
    secrets.push('wrong-password-guess-6', 'wrong-password-guess-7');
    expect([...wrong, ...unknown]).toEqual([
      expect.objectContaining({
        action: 'signin.refused',
        target_type: 'signin',
        target_id: t.superuser.id,
        actor_user_id: null,
        actor_label: SUPERUSER.email,
        address: '127.0.0.1',
        before: null,
        after: { email: SUPERUSER.email, reason: 'wrong_password' },
      }),
      expect.objectContaining({
        action: 'signin.refused',
        target_id: null,
        after: { email: 'nobody@example.com', reason: 'unknown_email' },
      }),
    ]);
    expect(await auditedBy(t, async () => expect((await login(SUPERUSER.email, SUPERUSER.password)).statusCode).toBe(200))).toEqual([]);
  });

  it('records a settings change with before and after', async () => {
    const entries = await auditedBy(t, async () => answered(await callAs(t, t.superuser, 'PATCH', SETTINGS, { signup_open: false })));
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'settings.updated',
        target_type: 'settings',
        target_id: null,
        before: { require_signed_links: false, signup_open: true },
        after: { require_signed_links: false, signup_open: false },
      }),
    ]);
    answered(await callAs(t, t.superuser, 'PATCH', SETTINGS, { signup_open: true }));
  });

  it('records integrations and their keys, never a key or its hash', async () => {
    let created = { id: '', ingest_key: '', team_id: '' };
    const create = await auditedBy(t, async () => {
      created = answered(await callAs(t, owner, 'POST', `${INTEGRATIONS}/`, { title: 'Prometheus' }));
    });
    secrets.push(created.ingest_key, hashIngestKey(created.ingest_key));
    expect(create).toEqual([
      expect.objectContaining({
        action: 'integration.created',
        actor_user_id: owner.id,
        target_id: created.id,
        after: {
          id: created.id,
          title: 'Prometheus',
          description: null,
          owner_id: owner.id,
          team_id: created.team_id,
          escalation_policy_id: null,
          group_by: [],
          group_window_minutes: 10,
        },
      }),
    ]);
    const update = await auditedBy(t, async () =>
      answered(await callAs(t, owner, 'PATCH', `${INTEGRATIONS}/${created.id}`, { title: 'Alertmanager', group_by: ['alertname'] })),
    );
    expect(update).toEqual([
      expect.objectContaining({
        action: 'integration.updated',
        before: expect.objectContaining({ title: 'Prometheus', group_by: [] }),
        after: expect.objectContaining({ title: 'Alertmanager', group_by: ['alertname'], group_window_minutes: 10 }),
      }),
    ]);
    const rotate = await auditedBy(t, async () => {
      const { ingest_key } = answered(await callAs(t, owner, 'POST', `${INTEGRATIONS}/${created.id}/ingest-key`));
      secrets.push(ingest_key, hashIngestKey(ingest_key));
    });
    expect(rotate).toEqual([expect.objectContaining({ action: 'integration.key_rotated', target_id: created.id, before: null })]);
    // An unknown policy is a 422: nothing changed, nothing recorded.
    const refused = await auditedBy(t, async () =>
      answered(await callAs(t, owner, 'PATCH', `${INTEGRATIONS}/${created.id}`, { escalation_policy_id: crypto.randomUUID() }), 422),
    );
    expect(refused).toEqual([]);
    const remove = await auditedBy(t, async () => answered(await callAs(t, owner, 'DELETE', `${INTEGRATIONS}/${created.id}`)));
    expect(remove).toEqual([
      expect.objectContaining({ action: 'integration.deleted', after: null, before: expect.objectContaining({ title: 'Alertmanager' }) }),
    ]);
  });

  it('records escalation policies; one still in use is refused and records nothing', async () => {
    const levels = [{ delay_minutes: 5, targets: { user_ids: [owner.id] } }];
    const [created] = await auditedBy(t, () => createPolicy(t, owner, { name: 'Primary', levels }));
    expect(created).toMatchObject({
      action: 'escalation_policy.created',
      after: { name: 'Primary', levels: [{ delay_minutes: 5, targets: { user_ids: [owner.id], schedule_ids: [], emails: [] } }] },
    });
    const policyId = created?.target_id as string;
    const update = await auditedBy(t, async () => answered(await callAs(t, owner, 'PATCH', `${POLICIES}/${policyId}`, { repeat: 2 })));
    expect(update).toEqual([
      expect.objectContaining({
        action: 'escalation_policy.updated',
        before: expect.objectContaining({ repeat: 0 }),
        after: expect.objectContaining({ repeat: 2 }),
      }),
    ]);
    const user = answered(await callAs(t, owner, 'POST', `${INTEGRATIONS}/`, { title: 'Uses it', escalation_policy_id: policyId }));
    expect(await auditedBy(t, async () => answered(await callAs(t, owner, 'DELETE', `${POLICIES}/${policyId}`), 409))).toEqual([]);
    answered(await callAs(t, owner, 'DELETE', `${INTEGRATIONS}/${user.id}`));
    const remove = await auditedBy(t, async () => answered(await callAs(t, owner, 'DELETE', `${POLICIES}/${policyId}`)));
    expect(remove).toEqual([expect.objectContaining({ action: 'escalation_policy.deleted', target_id: policyId })]);
  });

  it('records schedules, rotations and overrides', async () => {
    const [scheduleEntry] = await auditedBy(t, () => createSchedule(t, owner, { name: 'Primary', time_zone: 'UTC' }));
    expect(scheduleEntry).toMatchObject({ action: 'schedule.created', after: { name: 'Primary', time_zone: 'UTC', owner_id: owner.id } });
    const scheduleId = scheduleEntry?.target_id as string;
    const rotationInput = { name: 'Week', user_ids: [owner.id], shift_unit: 'weeks', shift_count: 1, starts_at: '2025-03-03T09:00:00Z' };
    const [rotationEntry] = await auditedBy(t, () => createRotation(t, owner, scheduleId, rotationInput));
    expect(rotationEntry).toMatchObject({
      action: 'rotation.created',
      after: { name: 'Week', user_ids: [owner.id], starts_at: '2025-03-03T09:00:00.000Z' },
    });
    const rotationUrl = `${SCHEDULES}/${scheduleId}/rotations/${rotationEntry?.target_id}`;
    const overrideInput = { kind: 'add', user_id: owner.id, starts_at: '2025-03-04T09:00:00Z', ends_at: '2025-03-04T12:00:00Z' };
    const steps: [string, () => Promise<unknown>][] = [
      ['schedule.updated', async () => answered(await callAs(t, owner, 'PATCH', `${SCHEDULES}/${scheduleId}`, { name: 'Renamed' }))],
      ['rotation.updated', async () => answered(await callAs(t, owner, 'PATCH', rotationUrl, { shift_count: 2 }))],
      ['override.created', async () => answered(await callAs(t, owner, 'POST', `${SCHEDULES}/${scheduleId}/overrides`, overrideInput))],
      ['rotation.deleted', async () => answered(await callAs(t, owner, 'DELETE', rotationUrl))],
    ];
    for (const [action, step] of steps) expect(actionsOf(await auditedBy(t, step))).toEqual([action]);
    const [override] = await t.db.selectFrom('schedule_overrides').select('id').where('schedule_id', '=', scheduleId).execute();
    const overrideUrl = `${SCHEDULES}/${scheduleId}/overrides/${override?.id}`;
    const changed = await auditedBy(t, async () =>
      answered(await callAs(t, owner, 'PATCH', overrideUrl, { ends_at: '2025-03-04T13:00:00Z' })),
    );
    expect(changed).toEqual([
      expect.objectContaining({
        action: 'override.updated',
        before: expect.objectContaining({ ends_at: '2025-03-04T12:00:00.000Z' }),
        after: expect.objectContaining({ ends_at: '2025-03-04T13:00:00.000Z' }),
      }),
    ]);
    expect(actionsOf(await auditedBy(t, async () => answered(await callAs(t, owner, 'DELETE', overrideUrl))))).toEqual([
      'override.deleted',
    ]);
    const scheduleDeleted = await auditedBy(t, async () => answered(await callAs(t, owner, 'DELETE', `${SCHEDULES}/${scheduleId}`)));
    expect(actionsOf(scheduleDeleted)).toEqual(['schedule.deleted']);
  });

  it('records contact methods and notification rules, never a target URL or secret', async () => {
    secrets.push('AuditSlackSecretQQ', 'MovedSlackSecretWW');
    const slackUrl = 'https://hooks.slack.com/services/T000/B000/AuditSlackSecretQQ';
    const [slack] = await auditedBy(t, () => createMethod(t, owner, { kind: 'slack', label: 'chat', target: slackUrl }));
    expect(slack).toMatchObject({
      action: 'contact_method.created',
      after: { kind: 'slack', label: 'chat', topic: null, verified_at: null },
    });
    let hook = { id: '', secret: null as string | null };
    const created = await auditedBy(t, async () => {
      hook = await createMethod(t, owner, { kind: 'webhook', label: 'hook', target: receiver.url('/audit') });
    });
    secrets.push(hook.secret as string);
    expect(actionsOf(created)).toEqual(['contact_method.created']);
    const code = await codeOf(t, receiver, owner, hook.id, (h) => h.body.includes('"contact_method.verification"'));
    const verified = await auditedBy(t, async () => answered(await callAs(t, owner, 'POST', `${METHODS}/${hook.id}/verify`, { code })));
    expect(verified).toEqual([
      expect.objectContaining({ action: 'contact_method.verified', before: expect.objectContaining({ verified_at: null }) }),
    ]);
    expect(verified[0]?.after?.verified_at).toEqual(expect.any(String));
    const rotated = await auditedBy(t, async () => {
      const { secret } = answered(await callAs(t, owner, 'POST', `${METHODS}/${hook.id}/secret`));
      secrets.push(secret);
    });
    expect(rotated).toEqual([
      expect.objectContaining({ action: 'contact_method.secret_rotated', after: expect.objectContaining({ secret_changed: true }) }),
    ]);
    const moved = await auditedBy(t, async () =>
      answered(
        await callAs(t, owner, 'PATCH', `${METHODS}/${slack?.target_id}`, {
          target: 'https://hooks.slack.com/services/T1/B1/MovedSlackSecretWW',
        }),
      ),
    );
    expect(moved).toEqual([
      expect.objectContaining({
        action: 'contact_method.updated',
        after: expect.objectContaining({ target_changed: true, secret_changed: false }),
      }),
    ]);
    const rules = await auditedBy(t, async () =>
      answered(await callAs(t, owner, 'PUT', RULES, { rules: [{ contact_method_id: hook.id, delay_minutes: 0 }] })),
    );
    expect(rules).toEqual([
      expect.objectContaining({
        action: 'notification_rules.replaced',
        target_type: 'notification_rules',
        target_id: owner.id,
        before: { user_id: owner.id, rules: [] },
        after: { user_id: owner.id, rules: [{ contact_method_id: hook.id, delay_minutes: 0 }] },
      }),
    ]);
    const removed = await auditedBy(t, async () => answered(await callAs(t, owner, 'DELETE', `${METHODS}/${hook.id}`)));
    expect(actionsOf(removed)).toEqual(['contact_method.deleted']);
  });

  it('records heartbeat monitors and their tokens, never a token or its hash', async () => {
    let monitorUrl = '';
    const created = await auditedBy(t, async () => {
      const { integration, monitor } = await createMonitor(t, owner, { name: 'nightly', interval_minutes: 60 });
      secrets.push(monitor.ping_token, hashIngestKey(monitor.ping_token), integration.key);
      monitorUrl = `${INTEGRATIONS}/${integration.id}/heartbeats/${monitor.id}`;
    });
    expect(actionsOf(created)).toEqual(['integration.created', 'heartbeat_monitor.created']);
    expect(created[1]?.after).toMatchObject({ name: 'nightly', interval_minutes: 60, severity: 'critical' });
    const update = await auditedBy(t, async () => answered(await callAs(t, owner, 'PATCH', monitorUrl, { grace_minutes: 10 })));
    expect(update).toEqual([
      expect.objectContaining({ action: 'heartbeat_monitor.updated', after: expect.objectContaining({ grace_minutes: 10 }) }),
    ]);
    const rotated = await auditedBy(t, async () => {
      const { ping_token } = answered(await callAs(t, owner, 'POST', `${monitorUrl}/ping-token`));
      secrets.push(ping_token, hashIngestKey(ping_token));
    });
    expect(actionsOf(rotated)).toEqual(['heartbeat_monitor.token_rotated']);
    expect(actionsOf(await auditedBy(t, async () => answered(await callAs(t, owner, 'DELETE', monitorUrl))))).toEqual([
      'heartbeat_monitor.deleted',
    ]);
  });

  it('records a password reset by its mailed link once, never the link; an inactive sign-in is refused with its reason', async () => {
    const user = await t.createUser({ email: 'forgetful@example.com', password: 'forgotten-password-8' });
    secrets.push('forgotten-password-8', 'reset-password-9');
    answered(await t.app.inject({ method: 'POST', url: `/api/v1/password-recovery/${user.email}` }));
    const mail = await t.mail.waitFor((m) => m.to.includes(user.email) && m.subject.includes('Password recovery'));
    const token = decodeURIComponent(/reset-password\?token=([\w%-]+)/.exec(mail.text)?.[1] ?? '');
    secrets.push(token);
    const reset = (new_password: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/reset-password/', payload: { token, new_password } });
    const first = await auditedBy(t, async () => answered(await reset('reset-password-9')));
    expect(first).toEqual([
      expect.objectContaining({
        action: 'user.password_reset',
        actor_user_id: user.id,
        actor_label: user.email,
        target_id: user.id,
        after: { id: user.id, password_changed: true },
      }),
    ]);
    expect(await auditedBy(t, async () => answered(await reset('reset-password-10'), 400))).toEqual([]);

    answered(await callAs(t, t.superuser, 'PATCH', `/api/v1/users/${user.id}`, { is_active: false }));
    const inactive = await auditedBy(t, async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/login/access-token',
        payload: new URLSearchParams({ username: user.email, password: 'reset-password-9' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.statusCode).toBe(400);
    });
    expect(inactive).toEqual([expect.objectContaining({ action: 'signin.refused', after: { email: user.email, reason: 'inactive' } })]);
  });

  it('writes the entry in the change transaction: an entry that cannot be written undoes the change', async () => {
    await sql`ALTER TABLE audit_log ADD CONSTRAINT refuse_schedules CHECK (action <> 'schedule.created') NOT VALID`.execute(t.db);
    try {
      const res = await callAs(t, owner, 'POST', `${SCHEDULES}/`, { name: 'Never kept', time_zone: 'UTC' });
      expect(res.statusCode).toBe(500);
      expect(await t.db.selectFrom('schedules').select('id').where('name', '=', 'Never kept').execute()).toEqual([]);
    } finally {
      await sql`ALTER TABLE audit_log DROP CONSTRAINT refuse_schedules`.execute(t.db);
    }
  });

  it('stores no secret used above, nor any password hash', async () => {
    expect(secrets.length).toBeGreaterThan(15);
    const stored = await storedAuditText(t);
    for (const secret of secrets) expect(stored).not.toContain(secret);
    for (const { hashed_password } of await t.db.selectFrom('users').select('hashed_password').execute()) {
      expect(stored).not.toContain(hashed_password);
    }
  });
});
