import type { Static } from 'typebox';
import type { UserPublic, UserUpdate } from '../../src/users/schema.js';
import { answered, callAs } from './api.js';
import type { TestApp } from './testApp.js';

/** Changes a user as the first superuser: their role, their password, whether they are active. */
export async function updateUser(t: TestApp, userId: string, fields: UserUpdate): Promise<Static<typeof UserPublic>> {
  return answered(await callAs(t, t.superuser, 'PATCH', `/api/v1/users/${userId}`, fields));
}
