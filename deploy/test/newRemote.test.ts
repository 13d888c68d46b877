import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from './helpers/repo.js';
import { type RepoCopy, repoCopy } from './helpers/repoCopy.js';

// `npm run new:remote -- <name>` in a copy of the checkout (a git repository of its own, so
// what it changes shows in `git status`): what it writes, what it refuses, and that the
// repository's own checks (types, lint, unit tests, the compose, release and Kubernetes checks) pass with
// the new remote in it. e2e/newRemote.spec.ts builds one and opens its page in a browser.

/** The new remote's image tag and build argument: its package.json version unless .env says otherwise. */
const VERSION_DEFAULT = `\${VIGIL_REMOTE_REPORTS_VERSION:-1.0.0}`;
let copy: RepoCopy;
/** The checkout's own node_modules state (npm's hidden lockfile, its workspace links): the copy must not write it. */
const npmState = () => [
  readFileSync(path.join(ROOT, 'node_modules/.package-lock.json'), 'utf8'),
  readdirSync(path.join(ROOT, 'node_modules/@vigil')),
];
let npmStateBefore: ReturnType<typeof npmState>;
let created: ReturnType<typeof run>;
const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: copy.root, encoding: 'utf8' });
const read = (file: string) => readFileSync(path.join(copy.root, file), 'utf8');
const run = (...args: string[]) => {
  const result = spawnSync('npm', ['run', '--silent', 'new:remote', '--', ...args], { cwd: copy.root, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
};
/** A command of the repository, run in the copy. */
const inCopy = (command: string, args: string[]) => spawnSync(command, args, { cwd: copy.root, encoding: 'utf8' });

describe('npm run new:remote', () => {
  beforeAll(() => {
    npmStateBefore = npmState();
    copy = repoCopy('vigil-new-remote-');
    git('init', '-q');
    git('add', '-A');
    git('commit', '-q', '-m', 'the checkout');
    created = run('reports');
  }, 120_000);
  afterAll(() => copy?.remove());

  it('scaffolds remote-reports from the factory, with its page, its test and the route and menu entry it declares', () => {
    expect(created.status, created.stderr).toBe(0);
    expect(created.stdout).toContain('Created remote-reports/ (version 1.0.0), its page /reports and its menu entry "Reports":');
    expect(JSON.parse(read('remote-reports/package.json'))).toMatchObject({
      name: '@vigil/remote-reports',
      version: '1.0.0',
      private: true,
    });
    expect(JSON.parse(read('remote-reports/vigil-route.json'))).toEqual({
      path: 'reports',
      module: 'ReportsPage',
      label: 'Reports',
      icon: 'apps',
      order: 50,
      superuserOnly: false,
    });
    expect(read('remote-reports/rsbuild.config.ts')).toContain("exposes: { './ReportsPage': './src/pages/ReportsPage.tsx' }");
    for (const file of [
      'tsconfig.json',
      'src/index.ts',
      'src/bootstrap.tsx',
      'src/pages/ReportsPage.tsx',
      'src/pages/ReportsPage.test.tsx',
    ])
      expect(existsSync(path.join(copy.root, 'remote-reports', file)), file).toBe(true);
    expect(created.stdout).toContain('docker compose build remote-reports && docker compose up -d remote-reports');
    expect(created.stdout).toContain('npm run build -- remote-reports');
  });

  it('touches, outside its folder, its compose service, its line in the remotes maps, its Kubernetes manifests and the lockfile', () => {
    const changed = git('status', '--porcelain', '--untracked-files=normal').split('\n').filter(Boolean).sort();
    const overlays = readdirSync(path.join(copy.root, 'deploy/kubernetes/overlays')).sort();
    expect(changed).toEqual(
      [
        ' M deploy/kubernetes/base/kustomization.yaml',
        ...overlays.flatMap((o) => [
          ` M deploy/kubernetes/overlays/${o}/kustomization.yaml`,
          ` M deploy/kubernetes/overlays/${o}/remotes-map.json`,
        ]),
        ' M deploy/remotes-map/default.json',
        ' M docker-compose.yml',
        ' M package-lock.json',
        '?? deploy/kubernetes/base/remotes/remote-reports/',
        '?? remote-reports/',
      ].sort(),
    );
    for (const o of overlays)
      expect(read(`deploy/kubernetes/overlays/${o}/remotes-map.json`), o).toBe(read('deploy/remotes-map/default.json'));
    const compose = parse(read('docker-compose.yml'), { merge: true });
    expect(compose.services['remote-reports']).toEqual({
      ...compose['x-remote'],
      image: `\${VIGIL_IMAGE_PREFIX:-vigil}/remote-reports:${VERSION_DEFAULT}`,
      build: { ...compose['x-remote-build'], args: { REMOTE: 'remote-reports', VERSION: VERSION_DEFAULT } },
      volumes: ['remote-reports:/usr/share/nginx/html/remotes/remote-reports'],
    });
    expect(compose.volumes).toHaveProperty('remote-reports');
    expect(JSON.parse(read('deploy/remotes-map/default.json')).remote_reports).toEqual({
      entry: '/remotes/remote-reports/1.0.0/mf-manifest.json',
      route: JSON.parse(read('remote-reports/vigil-route.json')),
    });
    // One line, which deploy/release.sh rewrites the version in.
    expect(
      read('deploy/remotes-map/default.json')
        .split('\n')
        .filter((line) => line.includes('remote_reports')),
    ).toHaveLength(1);
    expect(npmState(), "the checkout's node_modules is left alone").toEqual(npmStateBefore);
  });

  it("passes the repository's own checks with the new remote in it", () => {
    const checks: [string, string[]][] = [
      ['npx', ['tsc', '-p', 'remote-reports', '--noEmit']],
      ['npx', ['biome', 'check', 'remote-reports']],
      ['npx', ['vitest', 'run', '--project', 'console', 'remote-reports', 'scripts/apps.test.ts']],
      [
        'npx',
        [
          'vitest',
          'run',
          '--project',
          'deploy',
          'deploy/test/compose.test.ts',
          'deploy/test/release.test.ts',
          'deploy/test/kubernetes.test.ts',
          'deploy/test/kubernetesWiring.test.ts',
        ],
      ],
      ['node', ['scripts/checkImportCycles.mjs']],
    ];
    for (const [command, args] of checks) {
      const result = inCopy(command, args);
      expect(result.status, `${command} ${args.join(' ')}:\n${result.stdout}${result.stderr}`).toBe(0);
    }
  }, 300_000);

  it('refuses a bad or taken name, saying why, and changes nothing', () => {
    // A remote whose page is /dashboards, in a folder of another name.
    mkdirSync(path.join(copy.root, 'remote-boards'));
    writeFileSync(path.join(copy.root, 'remote-boards/package.json'), JSON.stringify({ name: '@vigil/remote-boards', version: '1.0.0' }));
    writeFileSync(path.join(copy.root, 'remote-boards/vigil-route.json'), JSON.stringify({ path: 'dashboards' }));
    const before = git('status', '--porcelain');
    const refusals: [string[], string][] = [
      [[], 'Name the remote: npm run new:remote -- <name> (e.g. reports).'],
      [['Reports'], 'is not a remote name'],
      [['2fa'], 'is not a remote name'],
      [['on--call'], 'is not a remote name'],
      [['re.ports'], 'is not a remote name'],
      [['x'.repeat(41)], 'is not a remote name'],
      [['reports'], 'remote-reports/ exists already: choose another name.'],
      [['remote-alerts'], 'remote-alerts/ exists already: choose another name.'],
      [['login'], "/login is the console's own path: choose another name."],
      [['api'], "/api is the console's own path: choose another name."],
      [['dashboards'], "/dashboards is remote-boards's page: choose another name."],
    ];
    for (const [args, message] of refusals) {
      const refused = run(...args);
      expect(refused.status, args.join(' ')).toBe(2);
      expect(refused.stderr, args.join(' ')).toContain(message);
    }
    expect(run('Reports').stderr).toContain(
      'new:remote: "Reports" is not a remote name: up to 40 lowercase letters, digits and single hyphens, starting with a letter (e.g. reports, on-call-history).',
    );
    expect(git('status', '--porcelain')).toBe(before);
  });
});
