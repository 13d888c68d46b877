import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERTS } from '../helpers/alerts.js';
import { answered, callAs } from '../helpers/api.js';
import { createApiToken, TOKENS } from '../helpers/apiTokens.js';
import { INTEGRATIONS } from '../helpers/integrations.js';
import { createTeam } from '../helpers/teams.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/testApp.js';

/**
 * Team tokens (docs/api/tokens.md): made by a team's admin, they reach that team's things only,
 * with their holder's role there and their own scopes, whatever else the holder may reach.
 */
describe('team tokens', () => {
  let t: TestApp;
  let lead: TestUser;
  let responder: TestUser;
  let teamA: string;
  let teamB: string;
  let inB: string;

  beforeAll(async () => {
    t = await createTestApp();
    lead = await t.createUser();
    responder = await t.createUser();
    teamA = (await createTeam(t, lead, 'Team A', [[responder, 'responder']])).id;
    teamB = (await createTeam(t, lead, 'Team B')).id;
    inB = answered(await callAs(t, lead, 'POST', `${INTEGRATIONS}/`, { title: 'In B', team_id: teamB })).id;
  });
  afterAll(() => t.close());

  it("are made by the team's admins only, never with the admin scope", async () => {
    const made = await createApiToken(t, lead, ['read'], { team_id: teamA });
    const listed = answered(await callAs(t, lead, 'GET', `${TOKENS}/`)).data.find((x: { id: string }) => x.id === made.id);
    expect(listed.team_id).toBe(teamA);
    const create = (user: TestUser, body: object) =>
      callAs(t, user, 'POST', `${TOKENS}/`, { name: 'CI', expires_in_days: 30, scopes: ['read'], ...body });
    expect((await create(responder, { team_id: teamA })).statusCode).toBe(403);
    expect((await create(responder, { team_id: teamB })).statusCode).toBe(422);
    expect((await create(t.superuser, { team_id: teamA, scopes: ['admin'] })).statusCode).toBe(422);
  });

  it("reach their team's things only, and create only there", async () => {
    const { caller } = await createApiToken(t, lead, ['read', 'alerts:write', 'config:write'], { team_id: teamA });
    const made = answered(await callAs(t, caller, 'POST', `${INTEGRATIONS}/`, { title: 'By the token' }));
    expect(made.team_id).toBe(teamA);
    expect((await callAs(t, caller, 'POST', `${INTEGRATIONS}/`, { title: 'Elsewhere', team_id: teamB })).statusCode).toBe(422);
    const listed = answered(await callAs(t, caller, 'GET', `${INTEGRATIONS}/?limit=100`));
    expect(listed.data.map((i: { team_id: string }) => i.team_id)).toEqual([teamA]);
    expect(listed.count).toBe(1);
    expect(answered(await callAs(t, caller, 'GET', `${INTEGRATIONS}/?team_id=${teamB}`)).data).toEqual([]);
    expect((await callAs(t, caller, 'GET', `${INTEGRATIONS}/${inB}`)).statusCode).toBe(404);
    expect((await callAs(t, caller, 'DELETE', `${INTEGRATIONS}/${inB}`)).statusCode).toBe(404);
    // The holder's own session still reaches team B.
    answered(await callAs(t, lead, 'GET', `${INTEGRATIONS}/${inB}`));

    const alertB = answered(await callAs(t, lead, 'POST', `${ALERTS}/`, { title: 'B', team_id: teamB })).id;
    const bulk = answered(await callAs(t, caller, 'POST', `${ALERTS}/bulk`, { action: 'close', ids: [alertB] }));
    expect(bulk.results[0].outcome).toBe('not_found');
    expect(answered(await callAs(t, caller, 'GET', '/api/v1/teams/')).data.map((x: { id: string }) => x.id)).toEqual([teamA]);
  });

  it('are named in the audit log as the actor', async () => {
    const { id, caller } = await createApiToken(t, lead, ['read', 'config:write'], { team_id: teamA });
    const made = answered(await callAs(t, caller, 'POST', `${INTEGRATIONS}/`, { title: 'Audited' }));
    const log = answered(await callAs(t, lead, 'GET', `/api/v1/audit-log/?team_id=${teamA}&action=integration.created`));
    expect(log.data.find((e: { target_id: string }) => e.target_id === made.id)).toMatchObject({
      actor_user_id: lead.id,
      actor_token_id: id,
    });
  });
});
