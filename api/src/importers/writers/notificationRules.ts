import { recordAudit } from '../../audit/record.js';
import { ContactMethodCreate, MAX_CONTACT_METHODS, MAX_NOTIFICATION_RULES, MAX_RULE_DELAY_MINUTES } from '../../contactMethods/schema.js';
import { checkedTarget } from '../../contactMethods/targets.js';
import type { Db } from '../../db/database.js';
import type { ContactMethodKind } from '../../db/schema.js';
import { InvalidInput } from '../../errors.js';
import { ImportFailure, type SourceNotificationRules, VENDOR_NAMES } from '../model.js';
import { ImportSkip, type Run, userId, type Writer } from '../run.js';
import { checkBody } from './bodies.js';

// A person's notification rules (Opsgenie's "new alert" rule, OnCall's default rules) as
// Vigil's: each step a contact method (the person's own of the same kind and target, or a new
// one, unverified until they verify it) and its delay. A list the person set in Vigil is never
// replaced: only one the import made.

export interface RulesDesired {
  user_id: string;
  rules: { kind: ContactMethodKind; target: string; delay_minutes: number }[];
}

const LABEL: Record<ContactMethodKind, string> = {
  email: 'Email',
  sms: 'SMS',
  voice: 'Voice call',
  webhook: 'Webhook',
  slack: 'Slack',
  ntfy: 'ntfy',
};
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Each rule's method (made when the person has none like it), then the list replaced whole. */
async function writeRules(trx: Db, run: Run, d: RulesDesired): Promise<string> {
  await trx.selectFrom('users').select('id').where('id', '=', d.user_id).forUpdate().executeTakeFirst();
  const methods = await trx.selectFrom('contact_methods').selectAll().where('user_id', '=', d.user_id).execute();
  const labels = new Set(methods.map((m) => m.label));
  let made = 0;
  const ids: string[] = [];
  for (const rule of d.rules) {
    let method = methods.find((m) => m.kind === rule.kind && m.target === rule.target);
    if (!method) {
      if (methods.length >= MAX_CONTACT_METHODS)
        throw new ImportFailure(`the person has ${MAX_CONTACT_METHODS} contact methods, the most one may have`);
      const base = `${LABEL[rule.kind]} (${VENDOR_NAMES[run.vendor]})`;
      let label = base;
      for (let n = 2; labels.has(label); n++) label = `${base} ${n}`;
      method = await trx
        .insertInto('contact_methods')
        .values({ user_id: d.user_id, kind: rule.kind, label, target: rule.target, topic: null, secret: null })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(trx, run.actor, {
        action: 'contact_method.created',
        targetType: 'contact_method',
        targetId: method.id,
        after: method,
      });
      methods.push(method);
      labels.add(label);
      made++;
    }
    ids.push(method.id);
  }
  const removed = await trx
    .deleteFrom('notification_rules')
    .where('user_id', '=', d.user_id)
    .returning(['position', 'contact_method_id', 'delay_minutes'])
    .execute();
  const rules = d.rules.map((rule, position) => ({
    user_id: d.user_id,
    position,
    contact_method_id: ids[position] as string,
    delay_minutes: rule.delay_minutes,
  }));
  if (rules.length > 0) await trx.insertInto('notification_rules').values(rules).execute();
  await recordAudit(trx, run.actor, {
    action: 'notification_rules.replaced',
    targetType: 'notification_rules',
    targetId: d.user_id,
    before: { user_id: d.user_id, rules: removed.sort((a, b) => a.position - b.position).map(({ position: _, ...r }) => r) },
    after: { user_id: d.user_id, rules: rules.map(({ contact_method_id, delay_minutes }) => ({ contact_method_id, delay_minutes })) },
  });
  const unverified = methods.filter((m) => ids.includes(m.id) && m.verified_at === null).length;
  return [
    plural(rules.length, 'rule'),
    ...(made > 0 ? [`${plural(made, 'new contact method')}`] : []),
    ...(unverified > 0 ? [`${unverified} to verify in the console (until then Vigil emails the account's address)`] : []),
  ].join(', ');
}

export function rulesWriter(r: SourceNotificationRules): Writer<RulesDesired> {
  return {
    kind: 'notification rules',
    table: 'users',
    desired(run) {
      const user_id = userId(run, r.email);
      const rules: RulesDesired['rules'] = [];
      for (const rule of r.rules) {
        let target: string;
        try {
          target = checkedTarget(rule.method.kind, rule.method.target, true);
          checkBody(ContactMethodCreate, { kind: rule.method.kind, label: LABEL[rule.method.kind], target });
        } catch (error) {
          if (!(error instanceof InvalidInput || error instanceof ImportFailure)) throw error;
          r.notes.push(
            `${LABEL[rule.method.kind]} ${JSON.stringify(rule.method.target)}: not a ${rule.method.kind === 'email' ? 'valid address' : 'phone number Vigil can reach'}: left out`,
          );
          continue;
        }
        if (rule.delayMinutes > MAX_RULE_DELAY_MINUTES)
          throw new ImportFailure(`a step after ${rule.delayMinutes} minutes; Vigil's wait at most ${MAX_RULE_DELAY_MINUTES}`);
        if (!rules.some((x) => x.kind === rule.method.kind && x.target === target && x.delay_minutes === rule.delayMinutes)) {
          rules.push({ kind: rule.method.kind, target, delay_minutes: rule.delayMinutes });
        }
      }
      if (rules.length === 0) throw new ImportSkip('nothing Vigil can reach them by');
      if (rules.length > MAX_NOTIFICATION_RULES)
        throw new ImportFailure(`${rules.length} steps; Vigil keeps at most ${MAX_NOTIFICATION_RULES}`);
      return { user_id, rules };
    },
    async create(trx, run, d) {
      const { n } = await trx
        .selectFrom('notification_rules')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', d.user_id)
        .executeTakeFirstOrThrow();
      if (Number(n) > 0) throw new ImportFailure('has notification rules in Vigil already: left as they are (delete them to import these)');
      return { id: d.user_id, detail: await writeRules(trx, run, d) };
    },
    async update(trx, run, id, d) {
      return { id, detail: await writeRules(trx, run, d) };
    },
  };
}
