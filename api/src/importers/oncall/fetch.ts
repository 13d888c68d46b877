import { SourceError, type VendorClient } from '../http.js';
import { ONCALL_LISTS } from './shapes.js';

// Walks Grafana OnCall's public API v1 with an API token (Authorization: <token>): each list
// endpoint page by page (`next` links, 50 a page by default), put together as the export file
// (shapes.ts): what `--save` writes and `--from file` reads.

/** The API's base: `https://oncall.example/api/v1/` whether or not the URL given ends with /api/v1. */
export function oncallApiBase(url: string): string {
  const trimmed = url.replace(/\/+$/, '');
  return /\/api\/v1$/.test(trimmed) ? `${trimmed}/` : `${trimmed}/api/v1/`;
}

async function allPages(client: VendorClient, endpoint: string): Promise<unknown[]> {
  const items: unknown[] = [];
  let next: string | null = `${endpoint}/`;
  for (let pages = 0; next; pages++) {
    if (pages > 1000) throw new SourceError(`GET ${endpoint}/: more than 1,000 pages`);
    const answer = (await client.get(next)) as { results?: unknown; next?: unknown };
    if (!answer || !Array.isArray(answer.results))
      throw new SourceError(`GET ${endpoint}/: the answer has no "results": is this Grafana OnCall's API?`);
    items.push(...answer.results);
    next = typeof answer.next === 'string' && answer.results.length > 0 ? answer.next : null;
  }
  return items;
}

export async function fetchOncall(client: VendorClient, progress: (what: string) => void = () => {}) {
  const lists: Record<string, unknown[]> = {};
  for (const endpoint of ONCALL_LISTS) {
    progress(endpoint.replaceAll('_', ' '));
    lists[endpoint] = await allPages(client, endpoint);
  }
  return { vendor: 'oncall', ...lists };
}
