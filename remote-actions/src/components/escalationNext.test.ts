import { describe, expect, it } from 'vitest';
import { escalationNextText } from './escalationNext';

describe('who is reached next, on the action page', () => {
  it('names the next level and its people, by the timer or by hand, or the end of the policy', () => {
    const recipients = ['Ben Example <ben@example.com>', 'noc@example.com'];
    expect(escalationNextText({ kind: 'timer', level: 2, at: '2027-06-02T07:15:00.000Z', recipients })).toBe(
      'If nobody acknowledges it, level 2: Ben Example <ben@example.com>, noc@example.com, at',
    );
    expect(escalationNextText({ kind: 'by-hand', level: 3, at: null, recipients: [] })).toBe(
      'If someone escalates it again, level 3: nobody (no active superuser).',
    );
    expect(escalationNextText({ kind: 'last-level', level: null, at: null, recipients: [] })).toContain(
      'last level of automatic escalation',
    );
  });
});
