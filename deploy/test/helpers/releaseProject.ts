import { spawnSync } from 'node:child_process';
import { chmod, copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from './repo.js';

/**
 * Stands in for the Docker CLI (no Docker engine runs on the test machines): records each
 * call with the version variables of its environment; `compose up` exits with
 * $STUB_DOCKER_UP_EXIT (0 by default), `compose exec … ls` lists two versions.
 */
const STUB_DOCKER = `#!/bin/sh
echo "$* | $(env | grep '^VIGIL_REMOTE_' | sort | tr '\\n' ' ')" >> "$STUB_DOCKER_LOG"
case "$*" in
  "compose up "*) exit "\${STUB_DOCKER_UP_EXIT:-0}" ;;
  "compose exec "*) printf '1.0.0\\n1.1.0\\n' ;;
esac
`;

export interface ReleaseRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

export interface ReleaseProject {
  /** The project folder: docker-compose.yml's place, holding .env and deploy/. */
  dir: string;
  mapDir: string;
  /** Runs deploy/release.sh there, with the stub Docker first on PATH. */
  release(args: string[], env?: Record<string, string>): ReleaseRun;
  /** The Docker calls so far, one line each: arguments | VIGIL_REMOTE_* variables given. */
  dockerCalls(): Promise<string[]>;
  readEnv(): Promise<string>;
  /** The map the gateway serves: live.json when a release wrote it. */
  liveMap(): Promise<Record<string, unknown> | undefined>;
  remove(): Promise<void>;
}

/** A copy of what deploy/release.sh works on (its own file, the default map, a .env made from env.example). */
export async function releaseProject(): Promise<ReleaseProject> {
  const dir = await mkdtemp(path.join(tmpdir(), 'vigil-release-'));
  const mapDir = path.join(dir, 'deploy/remotes-map');
  await mkdir(mapDir, { recursive: true });
  await copyFile(path.join(ROOT, 'deploy/release.sh'), path.join(dir, 'deploy/release.sh'));
  await chmod(path.join(dir, 'deploy/release.sh'), 0o755);
  await copyFile(path.join(ROOT, 'deploy/remotes-map/default.json'), path.join(mapDir, 'default.json'));
  await copyFile(path.join(ROOT, 'deploy/env.example'), path.join(dir, '.env'));
  await chmod(path.join(dir, '.env'), 0o600);
  const bin = path.join(dir, 'stub-bin');
  await mkdir(bin);
  await writeFile(path.join(bin, 'docker'), STUB_DOCKER, { mode: 0o755 });
  const log = path.join(dir, 'docker-calls.log');
  return {
    dir,
    mapDir,
    release: (args, env = {}) => {
      const result = spawnSync('sh', [path.join(dir, 'deploy/release.sh'), ...args], {
        encoding: 'utf8',
        // Only what the script needs: no VIGIL_* of whoever runs the tests.
        env: { PATH: `${bin}:${process.env.PATH}`, STUB_DOCKER_LOG: log, ...env },
      });
      return { status: result.status, stdout: result.stdout, stderr: result.stderr };
    },
    dockerCalls: async () => (await readFile(log, 'utf8').catch(() => '')).split('\n').filter(Boolean),
    readEnv: () => readFile(path.join(dir, '.env'), 'utf8'),
    liveMap: async () => {
      const text = await readFile(path.join(mapDir, 'live.json'), 'utf8').catch(() => undefined);
      return text === undefined ? undefined : JSON.parse(text);
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
