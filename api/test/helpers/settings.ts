import type { SettingsPublic, SettingsUpdate } from '../../src/settings/schema.js';
import { answered, callAs } from './api.js';
import type { TestApp } from './testApp.js';

export const SETTINGS = '/api/v1/settings/';

/** Changes the run-time settings as the first superuser. */
export async function changeSettings(t: TestApp, fields: SettingsUpdate): Promise<SettingsPublic> {
  return answered(await callAs(t, t.superuser, 'PATCH', SETTINGS, fields));
}
