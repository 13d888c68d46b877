import { describe, expect, it } from 'vitest';
import { ABSENT, auditDiff } from './auditDiff';

describe('auditDiff', () => {
  it('lists the changed fields first, values as text, absent ones as a dash', () => {
    expect(auditDiff({ title: 'Old', repeat: 0, levels: [1] }, { title: 'New', repeat: 0, levels: [1], password_changed: true })).toEqual([
      { field: 'title', before: 'Old', after: 'New', changed: true },
      { field: 'password_changed', before: ABSENT, after: 'true', changed: true },
      { field: 'repeat', before: '0', after: '0', changed: false },
      { field: 'levels', before: '[1]', after: '[1]', changed: false },
    ]);
  });

  it('shows a creation or a deletion against nothing, and nothing for neither', () => {
    expect(auditDiff(null, { name: 'x' })).toEqual([{ field: 'name', before: ABSENT, after: 'x', changed: true }]);
    expect(auditDiff({ name: null }, null)).toEqual([{ field: 'name', before: 'null', after: ABSENT, changed: true }]);
    expect(auditDiff(null, null)).toEqual([]);
  });
});
