import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Ajv } from 'ajv';
import { DCLinter } from 'dclint';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseConfig } from '../../api/src/config.js';
import { ALL_SETTINGS } from '../../api/src/configSettings.js';
import { workspaceFolders } from '../../scripts/apps.js';
import {
  GATEWAY_TEMPLATE,
  NODE_MAJOR,
  REMOTES,
  ROOT,
  readCompose,
  readText,
  remotesMap,
  templateVariables,
  upstreamVariable,
  versionOf,
  versionVariable,
} from './helpers/repo.js';

const compose = readCompose();

/** The first stage of every Dockerfile: the package.json files npm ci needs, copied by a pattern. */
const MANIFESTS_STAGE = /^FROM node:\S+ AS manifests\n[\s\S]*?\n\n/m.exec(readText('deploy/remote/Dockerfile'))![0];
const services: Record<string, any> = compose.services;
/** nginx as an unprivileged user on 8080 (the shell's, the remotes' and the gateway's): it runs with a read-only root filesystem. */
const UNPRIVILEGED_NGINX = /^nginxinc\/nginx-unprivileged:[\d.]+-alpine$/;
const APPS = ['api', 'shell', ...REMOTES];

/** `${VIGIL_IMAGE_PREFIX:-vigil}/<app>:${VIGIL_<APP>_VERSION:-<version>}`: own image, tag = package.json version by default. */
const expectedImage = (app: string) => `\${VIGIL_IMAGE_PREFIX:-vigil}/${app}:\${${versionVariable(app)}:-${versionOf(app)}}`;

/** What docker-compose.yml sets itself for the API behind the gateway. */
const FIXED_API_SETTINGS = {
  NODE_ENV: 'production',
  CONSOLE_DIR: 'none',
  REMOTE_ACTIONS_DIR: '/srv/vigil/remote-actions',
  REMOTES_MAP_DIR: '/srv/vigil/remotes-map',
  TRUST_PROXY: `\${VIGIL_NETWORK_PREFIX:-172.29.80}.2`,
  REDIS_URL: 'redis://redis:6379',
};
/** The settings an operator chooses in .env, each passed through to the API under its own name (configSettings.ts). */
const OPERATOR_SETTINGS = ALL_SETTINGS.filter((s) => ['required', 'optional'].includes(s.compose.kind)).map((s) => s.name);

/** The Compose Specification's JSON schema, as the dclint package ships it. */
function composeSchema(): object {
  const require = createRequire(import.meta.url);
  const file = path.join(path.dirname(require.resolve('dclint/package.json')), 'schemas/compose.schema.json');
  const { $schema: _draft, ...schema } = JSON.parse(readFileSync(file, 'utf8'));
  return schema;
}

/** `docker compose` (v2) or Debian's `docker-compose`, whichever answers. */
function findCompose(): string[] | undefined {
  for (const command of [['docker', 'compose'], ['docker-compose']]) {
    const result = spawnSync(command[0]!, [...command.slice(1), 'version'], { encoding: 'utf8' });
    if (result.status === 0) return command;
  }
  return undefined;
}

/** .dockerignore's patterns as regular expressions over paths relative to the context. */
function dockerIgnored(): (file: string) => boolean {
  const patterns = readText('.dockerignore')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((p) => {
      const escaped = p.replace(/[.+^$()|[\]\\]/g, '\\$&');
      return new RegExp(`^${escaped.replace('**/', '\0').replaceAll('*', '[^/]*').replace('\0', '(?:.*/)?')}$`);
    });
  return (file) => {
    const parts = file.split('/');
    return parts.some((_, i) => patterns.some((re) => re.test(parts.slice(0, i + 1).join('/'))));
  };
}

describe('docker-compose.yml', () => {
  it('is valid against the Compose Specification schema', () => {
    const validate = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true }).compile(composeSchema());
    const valid = validate(compose);
    expect(validate.errors ?? [], JSON.stringify(validate.errors, null, 2)).toEqual([]);
    expect(valid).toBe(true);
  });

  it("passes dclint's correctness rules (explicit tags, no duplicate ports or names, quoted ports)", () => {
    const off = [
      'no-build-and-image', // build: makes the image the tag names
      'no-unbound-port-interfaces', // the gateway is the public entry
      'require-project-name-field', // the folder name, or -p
      'service-container-name-regex',
      'service-dependencies-alphabetical-order',
      'service-keys-order',
      'service-ports-alphabetical-order',
      'services-alphabetical-order',
      'top-level-properties-order',
    ];
    const rules = {
      ...Object.fromEntries(off.map((rule) => [rule, 0 as const])),
      'require-quotes-in-ports': [2, { quoteType: 'double' }] as const,
    };
    const linter = new DCLinter({ rules, quiet: true, debug: false, exclude: [] });
    const [result] = linter.lintFiles([path.join(ROOT, 'docker-compose.yml')], false);
    expect(result!.messages.map((m: { rule: string; message: string }) => `${m.rule}: ${m.message}`)).toEqual([]);
  });

  it('keeps PostgreSQL on a named volume, with a health check', () => {
    const { postgres } = services;
    expect(postgres.image).toMatch(/^postgres:\d+/);
    const volume = (postgres.volumes as string[]).find((v) => v.endsWith(':/var/lib/postgresql/data'));
    expect(volume).toBeDefined();
    expect(Object.keys(compose.volumes)).toContain(volume!.split(':')[0]);
    expect(postgres.healthcheck.test.join(' ')).toContain('pg_isready');
  });

  it('runs the API as two replicas or more, with a health check, on PostgreSQL and Redis, reachable through the gateway only', () => {
    const { api } = services;
    expect(api.deploy.replicas).toBeGreaterThanOrEqual(2);
    expect(api.healthcheck.test.join(' ')).toContain('http://127.0.0.1:8000/api/v1/utils/health-check/');
    expect(api.environment).toMatchObject(FIXED_API_SETTINGS);
    // Each setting declared as set by Compose is set here (DATABASE_URL from POSTGRES_PASSWORD).
    const byCompose = ALL_SETTINGS.filter((s) => s.compose.kind === 'compose').map((s) => s.name);
    expect([...Object.keys(FIXED_API_SETTINGS), 'DATABASE_URL'].sort()).toEqual(byCompose.sort());
    expect(api.environment.DATABASE_URL).toMatch(/^postgres:\/\/vigil:\$\{POSTGRES_PASSWORD\}@postgres:5432\/vigil$/);
    expect(api.depends_on).toEqual({ postgres: { condition: 'service_healthy' }, redis: { condition: 'service_healthy' } });
    expect(services.redis.healthcheck).toBeDefined();
    // Replicas cannot share a published port or a container name.
    expect(api.ports).toBeUndefined();
    expect(api.container_name).toBeUndefined();
    expect(
      Object.entries(services)
        .filter(([, s]) => s.ports)
        .map(([name]) => name),
    ).toEqual(['gateway']);
  });

  it("has the API believe X-Forwarded-For from the gateway's fixed address only, which no other container can take", () => {
    const address = services.gateway.networks.default.ipv4_address;
    expect(services.api.environment.TRUST_PROXY).toBe(address);
    const [pool] = compose.networks.default.ipam.config;
    const prefix = `\${VIGIL_NETWORK_PREFIX:-172.29.80}`;
    expect({ address, subnet: pool.subnet, dynamic: pool.ip_range }).toEqual({
      address: `${prefix}.2`,
      subnet: `${prefix}.0/24`,
      dynamic: `${prefix}.128/25`,
    });
    // Every other service is on that network only (Compose's default), with an address from the upper half.
    for (const [name, service] of Object.entries(services)) if (name !== 'gateway') expect(service.networks, name).toBeUndefined();
    expect(Object.keys(services.gateway.networks)).toEqual(['default']);
    // The gateway believes no one's X-Forwarded-For unless a TLS terminator in front is named.
    expect(services.gateway.environment.VIGIL_FRONT_PROXY).toBe(`\${VIGIL_FRONT_PROXY:-unix:}`);
  });

  it('passes every declared setting an operator chooses through to the API, optional ones blank when unset', () => {
    const env: Record<string, string> = services.api.environment;
    expect(OPERATOR_SETTINGS).toEqual(
      expect.arrayContaining(['METRICS_TOKEN', 'SHUTDOWN_DRAIN_SECONDS', 'REDIS_KEY_PREFIX', 'BODY_LIMIT_BYTES', 'SIGNED_LINK_TTL_HOURS']),
    );
    for (const name of OPERATOR_SETTINGS) {
      // `${NAME:-default}` (blank: the API's own default, docs/deploy/compose.md) or `${NAME:?message}` (required).
      expect(env[name], `${name} is not passed to the API`).toMatch(new RegExp(`^\\$\\{${name}:[-?][^}]*\\}$`));
    }
    const example = readText('deploy/env.example');
    for (const name of OPERATOR_SETTINGS)
      expect(example, `deploy/env.example does not list ${name}`).toMatch(new RegExp(`^#? ?${name}=`, 'm'));
  });

  it.each(APPS)('gives %s its own service and image, tagged with its package.json version', (app) => {
    const service = services[app];
    expect(service, `no "${app}" service`).toBeDefined();
    expect(service.image).toBe(expectedImage(app));
    // The build refuses a VERSION that is not the app's own, so a tag always names what is inside.
    expect(service.build.args.VERSION).toBe(`\${${versionVariable(app)}:-${versionOf(app)}}`);
    if (app.startsWith('remote-')) expect(service.build.args.REMOTE).toBe(app);
    expect(service.healthcheck).toBeDefined();
  });

  it.each(APPS)('builds %s with a multi-stage Dockerfile from files the build context holds', (app) => {
    const { context, dockerfile, args } = services[app].build;
    expect(context).toBe('.');
    const text = readText(dockerfile);
    const stages = [...text.matchAll(/^FROM\s+(\S+)/gm)].map((m) => m[1]!);
    expect(stages.length).toBeGreaterThanOrEqual(2);
    // Every Node stage runs the supported LTS major that .nvmrc names (CI runs the same one).
    const node = new RegExp(`^node:${NODE_MAJOR}-bookworm(-slim)?$`);
    for (const stage of stages.filter((s) => s.startsWith('node:'))) expect(stage).toMatch(node);
    expect(stages[0]).toMatch(node);
    expect(stages.at(-1)).toMatch(app === 'api' ? new RegExp(`^node:${NODE_MAJOR}-bookworm-slim$`) : UNPRIVILEGED_NGINX);
    const ignored = dockerIgnored();
    const sources = [...text.matchAll(/^COPY\s+(?!--from)(.+)\s+\S+$/gm)].flatMap((m) => m[1]!.trim().split(/\s+/));
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) {
      const file = source.replace(/\$\{REMOTE\}/, args.REMOTE ?? '');
      expect(existsSync(path.join(ROOT, file)), `${dockerfile} copies ${file}, which does not exist`).toBe(true);
      expect(ignored(file), `${dockerfile} copies ${file}, which .dockerignore leaves out`).toBe(false);
    }
    // No app is named outside comments: a new remote needs no line here (package.json files come by a pattern, below).
    const instructions = text.split('\n').filter((line) => !line.startsWith('#'));
    expect(instructions.filter((line) => /\bremote-[a-z]/.test(line))).toEqual([]);
    // npm ci runs on the manifests stage's package.json files, which it takes before anything else.
    expect(text.indexOf(MANIFESTS_STAGE), `${dockerfile} has the manifests stage`).toBeGreaterThan(-1);
    const firstInstall = text.indexOf('RUN npm ci');
    expect(text.lastIndexOf('COPY --from=manifests /manifests/ ./', firstInstall)).toBeGreaterThan(text.indexOf(MANIFESTS_STAGE));
  });

  it("keeps, in the images' manifests stage, the lockfile and every workspace's package.json, and nothing else", () => {
    // The build context as Docker sends it (what git tracks, less .dockerignore), and the stage's RUN on it.
    const ignored = dockerIgnored();
    const context = mkdtempSync(path.join(tmpdir(), 'vigil-context-'));
    const out = mkdtempSync(path.join(tmpdir(), 'vigil-manifests-'));
    try {
      // What git tracks or would (a new remote not committed yet is in the context too).
      const tracked = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
        cwd: ROOT,
        encoding: 'utf8',
      }).stdout.split('\0');
      for (const file of tracked.filter((f) => f && !ignored(f) && existsSync(path.join(ROOT, f)))) {
        mkdirSync(path.dirname(path.join(context, file)), { recursive: true });
        copyFileSync(path.join(ROOT, file), path.join(context, file));
      }
      const script = /^RUN ([\s\S]*?[^\\])\n/m.exec(MANIFESTS_STAGE)![1]!.replaceAll('/manifests', `${out}/m`);
      const run = spawnSync('sh', ['-ec', script], { cwd: context, encoding: 'utf8' });
      expect(run.status, run.stderr).toBe(0);
      const kept = readdirSync(path.join(out, 'm'), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(path.join(out, 'm'), path.join(entry.parentPath, entry.name)))
        .sort();
      expect(kept).toEqual(['package-lock.json', 'package.json', ...workspaceFolders().map((ws) => `${ws}/package.json`)].sort());
      for (const file of kept) expect(readFileSync(path.join(out, 'm', file), 'utf8'), file).toBe(readText(file));
    } finally {
      rmSync(context, { recursive: true, force: true });
      rmSync(out, { recursive: true, force: true });
    }
  });

  it("gives each remote's service a volume of its own that keeps every version it ran", () => {
    for (const remote of REMOTES) {
      expect(services[remote].volumes).toEqual([`${remote}:/usr/share/nginx/html/remotes/${remote}`]);
      expect(Object.keys(compose.volumes)).toContain(remote);
    }
    // The image adds its version there at start: the nginx image runs executable scripts only.
    expect(readText('deploy/remote/Dockerfile')).toContain('COPY deploy/remote/publish-version.sh /docker-entrypoint.d/');
    expect(statSync(path.join(ROOT, 'deploy/remote/publish-version.sh')).mode & 0o111).toBe(0o111);
  });

  it("lets the API read, and only read, remote-actions' published versions and the remotes map, where its settings look", () => {
    const { api } = services;
    // The public pages' server renderer comes from the same version folder as the page's scripts (docs/deploy/public-action-page.md).
    expect(api.volumes).toEqual([
      `remote-actions:${api.environment.REMOTE_ACTIONS_DIR}:ro`,
      `./deploy/remotes-map:${api.environment.REMOTES_MAP_DIR}:ro`,
    ]);
    // The same volume remote-actions' service publishes its versions into, and the same map the gateway serves.
    expect(services['remote-actions'].volumes).toEqual(['remote-actions:/usr/share/nginx/html/remotes/remote-actions']);
    expect(services.gateway.volumes).toContain('./deploy/remotes-map:/srv/vigil/remotes-map:ro');
  });

  it("gives the gateway the API's and the shell's addresses, the remotes' port and Docker's DNS, the body limit and the map's folder; no versions, so a release restarts nothing", () => {
    const { gateway } = services;
    expect(gateway.image).toMatch(UNPRIVILEGED_NGINX);
    expect(gateway.volumes).toContain(`./${path.dirname(GATEWAY_TEMPLATE)}:/etc/nginx/templates:ro`);
    expect(gateway.volumes).toContain('./deploy/remotes-map:/srv/vigil/remotes-map:ro');
    const env: Record<string, string> = gateway.environment;
    expect(env.NGINX_ENVSUBST_FILTER).toBe('VIGIL_');
    expect(env[upstreamVariable('api')]).toBe('api:8000');
    expect(env[upstreamVariable('shell')]).toBe('shell:8080');
    // Every remote is its service's name on this port, resolved by Docker's embedded DNS: none is named here.
    expect(env.VIGIL_REMOTE_PORT).toBe('8080');
    expect(env.VIGIL_REMOTE_DOMAIN).toBe('');
    expect(env.VIGIL_RESOLVER).toBe('127.0.0.11');
    for (const remote of REMOTES) expect(env[upstreamVariable(remote)], remote).toBeUndefined();
    expect(env.VIGIL_BODY_LIMIT_BYTES).toBe(`\${BODY_LIMIT_BYTES:-1048576}`);
    // A version in the gateway's environment would make Compose recreate it on every release.
    for (const app of APPS) expect(env[versionVariable(app)]).toBeUndefined();
    expect([...templateVariables(readText(GATEWAY_TEMPLATE))].sort()).toEqual(
      Object.keys(env)
        .filter((k) => k.startsWith('VIGIL_'))
        .sort(),
    );
    // Started after the API and the shell; a remote that is not up yet fails in its own area of the console.
    expect(gateway.depends_on).toEqual({ api: { condition: 'service_healthy' }, shell: { condition: 'service_healthy' } });
  });

  it('reaches every nginx (the gateway, the shell, each remote) on 8080, where its unprivileged image listens', () => {
    for (const conf of ['deploy/shell/nginx.conf', 'deploy/remote/nginx.conf', GATEWAY_TEMPLATE]) {
      expect(readText(conf).match(/^\s*listen .*$/gm), conf).toEqual(['    listen 8080;']);
    }
    for (const name of ['gateway', 'shell', ...REMOTES]) {
      expect(services[name].healthcheck.test.join(' '), name).toContain('wget -q -O /dev/null http://127.0.0.1:8080/');
    }
    expect(services.gateway.ports).toEqual([`\${VIGIL_HTTP_PORT:-80}:8080`]);
  });

  it('routes every remote with one location of the gateway, which names none', () => {
    const template = readText(GATEWAY_TEMPLATE);
    const instructions = template.split('\n').filter((line) => !line.trimStart().startsWith('#'));
    expect(instructions.filter((line) => /remote-[a-z]/.test(line))).toEqual([]);
    expect(instructions.filter((line) => line.includes('location ~ ^/remotes/'))).toEqual([
      '    location ~ ^/remotes/(?<vigil_remote>remote-[a-z0-9-]+)/ {',
    ]);
    expect(template).toContain(`proxy_pass http://$vigil_remote\${VIGIL_REMOTE_DOMAIN}:\${VIGIL_REMOTE_PORT};`);
  });

  it("shares one definition among the remotes' services: each adds its image, build arguments and volume", () => {
    for (const remote of REMOTES) {
      const service = services[remote];
      expect(Object.keys(service).sort(), remote).toEqual(['build', 'healthcheck', 'image', 'restart', 'volumes']);
      expect(service.build).toEqual({
        context: '.',
        dockerfile: 'deploy/remote/Dockerfile',
        args: { REMOTE: remote, VERSION: `\${${versionVariable(remote)}:-${versionOf(remote)}}` },
      });
      expect(service.healthcheck).toEqual(compose['x-remote'].healthcheck);
    }
  });

  it("serves, before any release, the map of the versions the remotes' images default to", () => {
    expect(JSON.parse(readText('deploy/remotes-map/default.json'))).toEqual(
      remotesMap(Object.fromEntries(REMOTES.map((r) => [r, versionOf(r)]))),
    );
    for (const remote of REMOTES) expect(services[remote].image).toContain(`\${${versionVariable(remote)}:-${versionOf(remote)}}`);
  });
});

const composeCommand = findCompose();
if (!composeCommand) {
  console.warn(
    'Neither `docker compose` nor docker-compose is installed: the `config` checks are skipped (Debian: apt-get install docker-compose).',
  );
}

describe.skipIf(!composeCommand)('docker compose config', () => {
  const config = (envFile: string) =>
    spawnSync(
      composeCommand![0]!,
      [
        ...composeCommand!.slice(1),
        '--project-directory',
        ROOT,
        '--env-file',
        envFile,
        '-f',
        path.join(ROOT, 'docker-compose.yml'),
        'config',
      ],
      {
        encoding: 'utf8',
        // Only the env file speaks: nothing from the environment of whoever runs the tests.
        env: { PATH: process.env.PATH },
      },
    );

  it("accepts the file with deploy/env.example's settings, each image tagged with its app's version, and the API accepts what it gets", () => {
    const result = config(path.join(ROOT, 'deploy/env.example'));
    expect(result.status, result.stderr).toBe(0);
    const resolved = parse(result.stdout);
    for (const app of APPS) expect(resolved.services[app].image).toBe(`vigil/${app}:${versionOf(app)}`);
    // Optional settings left blank arrive empty, which the API reads as unset: its defaults.
    const apiConfig = parseConfig(resolved.services.api.environment);
    expect(apiConfig.trustProxy).toEqual([resolved.services.gateway.networks.default.ipv4_address]);
    expect(resolved.services.gateway.environment.VIGIL_FRONT_PROXY).toBe('unix:');
    expect(apiConfig).toMatchObject({ production: true, metricsToken: undefined, redisKeyPrefix: 'vigil:', shutdownDrainMs: 5000 });
    expect(apiConfig.bodyLimitBytes).toBe(1024 * 1024);
    expect(resolved.services.gateway.environment.VIGIL_BODY_LIMIT_BYTES).toBe(String(apiConfig.bodyLimitBytes));
  });

  it('passes the settings set in .env to the API, and its body limit to the gateway', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vigil-compose-'));
    const envFile = path.join(dir, '.env');
    const set = {
      METRICS_TOKEN: 'a-metrics-token-for-prometheus-0123456789',
      SHUTDOWN_DRAIN_SECONDS: '9',
      REDIS_KEY_PREFIX: 'vigil-prod:',
      BODY_LIMIT_BYTES: '2097152',
      SIGNED_LINK_TTL_HOURS: '24',
    };
    // The example's blank lines for these settings, filled in.
    let example = readText('deploy/env.example');
    for (const [name, value] of Object.entries(set)) example = example.replace(new RegExp(`^#? ?${name}=.*$`, 'm'), `${name}=${value}`);
    writeFileSync(envFile, example);
    const result = config(envFile);
    expect(result.status, result.stderr).toBe(0);
    const resolved = parse(result.stdout);
    expect(resolved.services.api.environment).toMatchObject(set);
    expect(parseConfig(resolved.services.api.environment)).toMatchObject({
      metricsToken: set.METRICS_TOKEN,
      shutdownDrainMs: 9000,
      redisKeyPrefix: 'vigil-prod:',
      bodyLimitBytes: 2097152,
      signedLinkTtlHours: 24,
    });
    expect(resolved.services.gateway.environment.VIGIL_BODY_LIMIT_BYTES).toBe('2097152');
  });

  it('refuses to go on without SECRET_KEY, and says which setting is missing', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vigil-compose-'));
    const envFile = path.join(dir, '.env');
    writeFileSync(envFile, readText('deploy/env.example').replace(/^SECRET_KEY=.*$/m, ''));
    const result = config(envFile);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('set SECRET_KEY in .env');
  });
});
