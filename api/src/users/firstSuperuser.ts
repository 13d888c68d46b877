import type { FastifyBaseLogger } from 'fastify';
import { SYSTEM_ACTOR } from '../audit/record.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { createUser, findUserByEmail } from './service.js';

/** Creates FIRST_SUPERUSER on first start; later starts leave the account as it is. */
export async function ensureFirstSuperuser(db: Db, config: Config, log: FastifyBaseLogger): Promise<void> {
  if (await findUserByEmail(db, config.firstSuperuser)) return;
  try {
    await createUser(db, SYSTEM_ACTOR, {
      email: config.firstSuperuser,
      password: config.firstSuperuserPassword,
      full_name: 'Administrator',
      is_superuser: true,
    });
  } catch (error) {
    // Another replica created it between our look-up and insert.
    if ((error as { statusCode?: number }).statusCode === 409) return;
    throw error;
  }
  if (config.firstSuperuserPasswordIsDefault) {
    // Printed once, on the start that creates the account: the development default only.
    log.warn(
      `First superuser created: ${config.firstSuperuser} with the development password "${config.firstSuperuserPassword}". Set FIRST_SUPERUSER_PASSWORD (required in production) and change it after logging in.`,
    );
  } else {
    log.info(`First superuser created: ${config.firstSuperuser}`);
  }
}
