import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs } from '../helpers/api.js';
import { POLICIES } from '../helpers/policies.js';
import { teamOf } from '../helpers/teams.js';
import { body, createTestApp, type TestApp, type TestUser } from '../helpers/testApp.js';

/**
 * A user owns at most POLICIES_PER_USER_MAX (100) escalation policies (docs/api/limits.md):
 * the 101st is a 422 naming the cap and stores nothing, a change to one at the cap is not
 * refused, and two made at once cannot both pass the last slot.
 */
let t: TestApp;

const CAPPED = [{ loc: ['body'], msg: 'A user has at most 100 escalation policies', type: 'value_error' }];
const onePolicy = (name: string) => ({ name, levels: [{ delay_minutes: null, targets: {} }] });
const create = (user: TestUser, name: string) => callAs(t, user, 'POST', `${POLICIES}/`, onePolicy(name));
const owned = async (user: TestUser) =>
  Number(
    (
      await t.db
        .selectFrom('escalation_policies')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('owner_id', '=', user.id)
        .executeTakeFirstOrThrow()
    ).n,
  );
/** `count` policies owned by `user`, written straight to the table. */
async function fill(user: TestUser, count: number) {
  const levels = JSON.stringify([{ delay_minutes: null, targets: { user_ids: [], schedule_ids: [], emails: [] } }]);
  const team_id = await teamOf(t, user);
  await t.db
    .insertInto('escalation_policies')
    .values(Array.from({ length: count }, (_, i) => ({ owner_id: user.id, team_id, name: `Filler ${i}`, repeat: 0, levels })))
    .execute();
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('escalation policies per user', () => {
  it('is 100: the 101st is a 422 naming the cap, stores nothing, and counts the owner alone', async () => {
    const user = await t.createUser();
    await fill(user, 99);
    const last = await create(user, 'The hundredth');
    expect(last.statusCode, last.body).toBe(200);
    const refused = await create(user, 'One too many');
    expect(refused.statusCode).toBe(422);
    expect(body(refused)).toEqual({ detail: CAPPED });
    expect(await owned(user)).toBe(100);
    expect(await t.db.selectFrom('escalation_policies').select('id').where('name', '=', 'One too many').execute()).toEqual([]);
    // At the cap, changing one is not making one.
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/escalation-policies/${body(last).id}`,
      headers: user.auth,
      payload: { max_level: 3, levels: [{ delay_minutes: 15, targets: { emails: ['ops@example.com'] } }] },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await owned(user)).toBe(100);

    // Someone else is not held by this user's policies.
    const other = await t.createUser();
    expect((await create(other, 'Another user')).statusCode).toBe(200);
    // Deleting one frees a place.
    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/escalation-policies/${body(last).id}`, headers: user.auth });
    expect(del.statusCode).toBe(200);
    expect((await create(user, 'In the freed place')).statusCode).toBe(200);
  });

  it('lets one of two creations racing for the last place through', async () => {
    const user = await t.createUser();
    await fill(user, 99);
    const answers = await Promise.all([create(user, 'Racer A'), create(user, 'Racer B')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(await owned(user)).toBe(100);
  });
});
