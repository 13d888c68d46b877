import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERTS } from '../helpers/alerts.js';
import { answered, callAs } from '../helpers/api.js';
import { fixture, send, triggerAlert } from '../helpers/ingest.js';
import { createIntegration, type TestIntegration } from '../helpers/integrations.js';
import { teamOf } from '../helpers/teams.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/testApp.js';

/**
 * Migration 0027's triggers: every new alert is posted to each enabled chat channel of its team,
 * and each change of its state or level queues an update of those posts, whatever made the
 * alert or the change (ingestion, the console, a link, the timer). What is sent is the chat
 * renderer's and each kind's own tests'; this is what is queued.
 */
describe('chat posts and updates queued by the alerts table', () => {
  let t: TestApp;
  let owner: TestUser;
  let integration: TestIntegration;
  let channelId: string;

  const chatRows = (alertId: string) =>
    t.db
      .selectFrom('notifications')
      .select(['kind', 'channel', 'recipient', 'chat_channel_id', 'status'])
      .where('alert_id', '=', alertId)
      .where('chat_channel_id', 'is not', null)
      .orderBy('created_at')
      .orderBy('kind', 'desc')
      .execute();

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.createUser();
    const stranger = await t.createUser();
    integration = await createIntegration(t, owner);
    const team = await teamOf(t, owner);
    const otherTeam = await teamOf(t, stranger);
    const channel = (team_id: string, label: string, enabled = true) => ({
      team_id,
      kind: 'msteams' as const,
      label,
      // Refused at once (port 9, discard): the posts stay pending for the assertions, whatever the network.
      target: 'http://127.0.0.1:9/workflows/hook',
      enabled,
    });
    const rows = await t.db
      .insertInto('chat_channels')
      .values([channel(team, '#ops'), channel(team, '#paused', false), channel(otherTeam, '#theirs')])
      .returning(['id', 'label'])
      .execute();
    channelId = rows.find((r) => r.label === '#ops')?.id ?? '';
  });
  afterAll(async () => t?.close());

  it('posts a new alert once, to the enabled channels of its team only, and a repeat occurrence posts nothing more', async () => {
    const { alertId, title } = await triggerAlert(t, integration);
    expect(await chatRows(alertId)).toEqual([
      { kind: 'new_alert', channel: 'msteams', recipient: '#ops', chat_channel_id: channelId, status: 'pending' },
    ]);
    answered(await send(t, integration, { action: 'trigger', title, dedup_key: title }), 202);
    expect(await chatRows(alertId)).toHaveLength(1);
  });

  it('posts each alert of a batch, in the statement that stores them', async () => {
    const answer = answered(await send(t, integration, fixture('alertmanager-v4')), 202);
    const ids: string[] = answer.alerts.map((a: { alert_id: string }) => a.alert_id);
    expect(ids.length).toBeGreaterThan(1);
    for (const id of ids) expect((await chatRows(id)).map((r) => r.kind)).toEqual(['new_alert']);
  });

  it('queues an update on each change of state, none for a repeat that changes nothing, and lists only the post', async () => {
    const { alertId } = await triggerAlert(t, integration);
    answered(await callAs(t, owner, 'POST', `${ALERTS}/acknowledge/${alertId}`));
    answered(await callAs(t, owner, 'POST', `${ALERTS}/acknowledge/${alertId}`));
    answered(await callAs(t, owner, 'POST', `${ALERTS}/close/${alertId}`));
    expect((await chatRows(alertId)).map((r) => r.kind)).toEqual(['new_alert', 'chat_update', 'chat_update']);
    const listed = answered(await callAs(t, owner, 'GET', `${ALERTS}/${alertId}/notifications`));
    expect(listed.data.filter((n: { channel: string }) => n.channel === 'msteams')).toMatchObject([
      { kind: 'new_alert', recipient: '#ops' },
    ]);
  });

  it('queues no update for an alert posted before its team had the channel', async () => {
    await t.db.updateTable('chat_channels').set({ enabled: false }).where('id', '=', channelId).execute();
    const { alertId } = await triggerAlert(t, integration);
    await t.db.updateTable('chat_channels').set({ enabled: true }).where('id', '=', channelId).execute();
    answered(await callAs(t, owner, 'POST', `${ALERTS}/acknowledge/${alertId}`));
    expect(await chatRows(alertId)).toEqual([]);
  });
});
