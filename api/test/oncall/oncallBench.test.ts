import { describe, expect, it } from 'vitest';
import { measureAtTheCaps } from '../../bench/oncall/atTheCaps.js';
import { openBenchApp, seedUsers } from '../../bench/oncall/benchApp.js';
import { checkAnswers, storeSchedules } from '../../bench/oncall/onCallLookups.js';
import { measureOtherRoutes } from '../../bench/oncall/otherRoutes.js';
import { scheduleFixtures } from '../../bench/oncall/scheduleFixtures.js';
import { measureTimer } from '../../bench/oncall/timerPasses.js';
import { openTestDatabase, TEST_DB } from '../helpers/testApp.js';

// `npm run bench:oncall` at a tiny size, so a change to the schedules API, the ingest path or
// the escalation timer that breaks the benchmark shows here, not on the next benchmark run.
// Its figures are not checked (a report's business); what it measures is: the route answers
// what the arithmetic answers, a due pass escalates exactly the due alerts, and the worst
// case at the caps answers what it is built to.
describe.skipIf(TEST_DB !== 'pglite')('bench:oncall, tiny', () => {
  it('stores schedules whose on-call answers equal the arithmetic, ticks the timer over due and idle passes, asks the worst case', async () => {
    const database = await openTestDatabase({ migrated: true });
    const b = await openBenchApp('pglite', { url: '', schema: '' }, database.db);
    try {
      const users = await seedUsers(b, 12);
      expect(users).toHaveLength(12);
      const fixtures = scheduleFixtures(8, users, b.clock.now().getTime());
      const stored = await storeSchedules(b, fixtures);
      expect(stored.ids).toHaveLength(8);
      expect(stored.rotations).toBe(fixtures.reduce((n, f) => n + f.rotations.length, 0));
      expect(await checkAnswers(b, fixtures, stored.ids, b.clock.now().toISOString())).toEqual([]);

      const timer = await measureTimer(b, {
        dueEach: 5,
        open: 30,
        passes: 2,
        dueRounds: 2,
        settles: false,
        scheduleIds: stored.ids.slice(0, 3),
      });
      expect(timer.phases.map((p) => [p.open, p.escalated])).toEqual([
        [5, [5, 5]],
        [30, [5, 5]],
      ]);
      expect(timer.idlePlans.length).toBeGreaterThan(0);
      expect(timer.duePlan?.plan.join('\n')).toMatch(/alerts/);

      // The worst case at the caps answers what its fixture makes it, on every computing route.
      const caps = await measureAtTheCaps(b, { plainIds: stored.ids, copies: 2, rounds: 1 });
      expect(caps.check).toEqual([]);
      expect(caps.routes.map((r) => r.route)).toHaveLength(5);
      for (const r of caps.routes) expect([r.plain.answer.count, r.worst.answer.count]).toEqual([1, 1]);
      const others = await measureOtherRoutes(b, 1);
      expect(others).toHaveLength(5);
    } finally {
      await b.close();
      await database.drop();
    }
  }, 180_000);
});
