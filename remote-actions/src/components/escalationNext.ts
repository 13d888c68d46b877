import type { Schemas } from '@vigil/shared';

export type EscalationNext = Schemas['EscalationNext'];

const who = (recipients: string[]) => (recipients.length > 0 ? recipients.join(', ') : 'nobody (no active superuser)');

/**
 * "Who is reached next", as the escalation email words it (api/src/email/templates.ts), for the
 * action page: the API resolved the next level's people through its schedules at the time it
 * will be reached. The time itself is shown beside it, in the reader's zone.
 */
export function escalationNextText(next: EscalationNext): string {
  switch (next.kind) {
    case 'timer':
      return `If nobody acknowledges it, level ${next.level}: ${who(next.recipients)}, at`;
    case 'by-hand':
      return `If someone escalates it again, level ${next.level}: ${who(next.recipients)}.`;
    case 'last-level':
      return 'This is the last level of automatic escalation: nobody else is notified unless someone escalates it by hand.';
  }
}
