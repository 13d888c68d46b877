import type { UserDirectoryEntry } from '@vigil/shared';
import type { FakeAnswer, FakeServer } from '../../../shared/src/testing/fakeApi';

// The fake server of remote-oncall's component tests: the user directory (searched by name,
// named by id), and any other answer a test sets by "METHOD path".

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const ADA: UserDirectoryEntry = { id: uuid(1), full_name: 'Ada Lovelace', is_active: true };
export const BEN: UserDirectoryEntry = { id: uuid(2), full_name: 'Ben Okafor', is_active: true };
export const CAI: UserDirectoryEntry = { id: uuid(3), full_name: 'Cai Wong', is_active: true };
const PEOPLE = [ADA, BEN, CAI];

/** A server answering the directory, then `answers` by "METHOD path" (the rest: 404). */
export function onCallServer(answers: Record<string, FakeAnswer>): FakeServer {
  return (request, sentAs) => {
    if (request.method === 'GET' && request.path === '/api/v1/users/directory') {
      const params = new URL(sentAs.url).searchParams;
      const ids = params.getAll('id');
      const q = params.get('q')?.toLowerCase();
      const data = ids.length
        ? PEOPLE.filter((p) => ids.includes(p.id))
        : PEOPLE.filter((p) => !q || p.full_name?.toLowerCase().includes(q));
      return { body: { data, count: data.length } };
    }
    return answers[`${request.method} ${request.path}`];
  };
}

/** What was sent, without the directory reads. */
export const changesSent = (sent: { method: string; path: string; body: unknown }[]) =>
  sent.filter((r) => !(r.method === 'GET' && r.path === '/api/v1/users/directory'));
