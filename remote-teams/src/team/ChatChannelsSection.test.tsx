// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { ChatChannelPublic } from '@vigil/shared';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeAnswer } from '../../../shared/src/testing/fakeApi';
import { renderTeams, TEAM_ID, team } from '../testing';
import { NO_CHANNELS } from './ChatChannelsSection';

const WAIT = { timeout: 5_000 };
const TEAM_PATH = `/api/v1/teams/${TEAM_ID}`;
const CHANNELS = `${TEAM_PATH}/chat-channels`;

const ALERTS: ChatChannelPublic = {
  id: '00000000-0000-4000-8000-0000000000c1',
  team_id: TEAM_ID,
  kind: 'slack_app',
  label: '#payments-alerts',
  target: 'C0ALERTS01',
  enabled: true,
  has_secret: false,
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
};
const SLACK_KIND = { kind: 'slack_app', title: 'Slack', has_secret: false, provider: 'slack_app', available: true };

afterEach(cleanup);

const answersFor = (role: 'admin' | 'observer', channels: ChatChannelPublic[], extra: Record<string, FakeAnswer> = {}) => ({
  [`GET ${TEAM_PATH}`]: { body: team(role) },
  [`GET ${TEAM_PATH}/invites`]: { body: { data: [], count: 0 } },
  [`GET ${CHANNELS}`]: { body: { data: channels, count: channels.length } },
  'GET /api/v1/chat/kinds': { body: { data: [SLACK_KIND], count: 1 } },
  ...extra,
});

const channelRows = async () =>
  (await screen.findAllByTestId('chat-channel-row', {}, WAIT)).map((row) =>
    within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  );

describe("a team's chat channels", () => {
  it('lists them to an observer, read-only', async () => {
    renderTeams(`/teams/${TEAM_ID}`, answersFor('observer', [ALERTS]));
    expect((await channelRows()).map((cells) => cells.slice(0, 4))).toEqual([['#payments-alerts', 'Slack', 'C0ALERTS01', 'Enabled']]);
    expect(screen.queryByRole('button', { name: 'Add chat channel' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Actions for the chat channel #payments-alerts' })).toBeNull();
  });

  it('says so when there is none', async () => {
    renderTeams(`/teams/${TEAM_ID}`, answersFor('admin', []));
    expect(await screen.findByText(NO_CHANNELS, {}, WAIT)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add chat channel' })).toBeTruthy();
  });

  it("sends a test from the row's menu and shows the outcome, Slack's refusal included", async () => {
    const api = renderTeams(
      `/teams/${TEAM_ID}`,
      answersFor('admin', [ALERTS], {
        [`POST ${CHANNELS}/${ALERTS.id}/test`]: {
          status: 409,
          body: { detail: 'The test message was not posted: Slack answered channel_not_found' },
        },
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for the chat channel #payments-alerts' }, WAIT));
    const menu = await screen.findByRole('menu', {}, WAIT);
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Send a test', 'Disable', 'Delete chat channel']);
    await act(async () => fireEvent.click(within(menu).getByRole('menuitem', { name: 'Send a test' })));
    expect(await screen.findByText('The test message was not posted: Slack answered channel_not_found', {}, WAIT)).toBeTruthy();
    expect(api.sent.some((r) => r.method === 'POST' && r.path === `${CHANNELS}/${ALERTS.id}/test`)).toBe(true);
  });

  it('disables one from its menu', async () => {
    const api = renderTeams(
      `/teams/${TEAM_ID}`,
      answersFor('admin', [ALERTS], { [`PATCH ${CHANNELS}/${ALERTS.id}`]: { body: { ...ALERTS, enabled: false } } }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for the chat channel #payments-alerts' }, WAIT));
    const menu = await screen.findByRole('menu', {}, WAIT);
    await act(async () => fireEvent.click(within(menu).getByRole('menuitem', { name: 'Disable' })));
    expect(await screen.findByText('#payments-alerts is disabled.', {}, WAIT)).toBeTruthy();
    expect(api.sent.find((r) => r.method === 'PATCH')).toEqual({
      method: 'PATCH',
      path: `${CHANNELS}/${ALERTS.id}`,
      body: { enabled: false },
    });
  });
});
