import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/repo.js';

// The reference docs are split into topic pages that link to each other, and code cites them by
// path: a page moved or a heading renamed must not leave a link pointing at nothing.

const TOP_LEVEL = ['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md'];

const markdownUnder = (dir: string): string[] =>
  readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    const file = `${dir}/${name}`;
    if (statSync(path.join(ROOT, file)).isDirectory()) return markdownUnder(file);
    return name.endsWith('.md') ? [file] : [];
  });

const MARKDOWN = [...TOP_LEVEL, ...markdownUnder('docs')];

/** The lines outside fenced code blocks, inline code spans removed. */
function proseLines(text: string): string[] {
  const lines: string[] = [];
  let fence: string | undefined;
  for (const line of text.split('\n')) {
    const marker = /^\s*(```|~~~)/.exec(line)?.[1];
    if (marker && (fence === undefined || fence === marker)) {
      fence = fence === undefined ? marker : undefined;
      continue;
    }
    if (fence === undefined) lines.push(line.replace(/`[^`]*`/g, ''));
  }
  return lines;
}

/** GitHub's anchor for a heading: its text lower-cased, punctuation dropped, spaces as hyphens. */
function headingAnchor(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replaceAll('`', '')
    .replace(/(^|[^\p{L}\p{N}])_(.+?)_(?=[^\p{L}\p{N}]|$)/gu, '$1$2')
    .replace(/\*\*(.+?)\*\*/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}\p{Pc}\- ]/gu, '')
    .replaceAll(' ', '-');
}

const anchorsCache = new Map<string, Set<string>>();

/** Every anchor a Markdown file's headings make (a repeated one numbered, as GitHub does). */
function anchorsOf(file: string): Set<string> {
  const known = anchorsCache.get(file);
  if (known) return known;
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fence: string | undefined;
  for (const line of readFileSync(path.join(ROOT, file), 'utf8').split('\n')) {
    const marker = /^\s*(```|~~~)/.exec(line)?.[1];
    if (marker && (fence === undefined || fence === marker)) fence = fence === undefined ? marker : undefined;
    const heading = fence === undefined ? /^#{1,6} (.*)$/.exec(line)?.[1] : undefined;
    if (heading === undefined) continue;
    const anchor = headingAnchor(heading);
    const count = seen.get(anchor) ?? 0;
    seen.set(anchor, count + 1);
    anchors.add(count === 0 ? anchor : `${anchor}-${count}`);
  }
  anchorsCache.set(file, anchors);
  return anchors;
}

/** The relative targets a Markdown file links to (links, images, and HTML `src`/`href`). */
function relativeTargets(file: string): string[] {
  const targets: string[] = [];
  for (const line of proseLines(readFileSync(path.join(ROOT, file), 'utf8'))) {
    for (const [, target] of line.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) targets.push(target!);
    for (const [, target] of line.matchAll(/\b(?:src|href)="([^"]+)"/g)) targets.push(target!);
  }
  return targets.filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/** What is wrong with one link of `file`, or undefined when it resolves. */
function brokenLink(file: string, target: string): string | undefined {
  const [pathPart, anchor] = target.split('#', 2);
  const linked = pathPart ? path.posix.normalize(path.posix.join(path.posix.dirname(file), decodeURI(pathPart))) : file;
  if (!existsSync(path.join(ROOT, linked))) return `${file}: ${target}: no file ${linked}`;
  if (anchor === undefined || !linked.endsWith('.md')) return undefined;
  return anchorsOf(linked).has(anchor) ? undefined : `${file}: ${target}: no heading makes #${anchor} in ${linked}`;
}

describe('links between the docs', () => {
  it('finds the docs to check', () => {
    expect(MARKDOWN).toEqual(expect.arrayContaining(['README.md', 'docs/api.md', 'docs/product.md', 'docs/decisions/README.md']));
  });

  it('makes the anchors GitHub makes', () => {
    expect(headingAnchor('§7.7 On-call schedules _(decided)_')).toBe('77-on-call-schedules-decided');
    expect(headingAnchor('§2.4 Dashboard: `/`')).toBe('24-dashboard-');
    expect(headingAnchor("Now and next, the timeline, a user's shifts")).toBe('now-and-next-the-timeline-a-users-shifts');
    expect(headingAnchor('What is shared, and why (measured)')).toBe('what-is-shared-and-why-measured');
  });

  it('resolves every relative link and anchor in the README, CONTRIBUTING, CHANGELOG and docs/', () => {
    const broken = MARKDOWN.flatMap((file) => relativeTargets(file).flatMap((target) => brokenLink(file, target) ?? []));
    expect(broken).toEqual([]);
  });
});
