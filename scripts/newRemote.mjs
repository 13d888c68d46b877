#!/usr/bin/env node
// `npm run new:remote -- <name>`: scaffolds remote-<name>/ (scripts/remoteScaffold.ts), adds its
// service to docker-compose.yml and its line to deploy/remotes-map/default.json, its manifests
// and entries to deploy/kubernetes (scripts/kubernetesRemote.ts), locks it in
// package-lock.json, and says how to run and publish it. A bad or taken name changes nothing
// (exit 2).
import { spawnSync } from 'node:child_process';
import { ROOT as root } from './apps.ts';
import { addKubernetesRemote } from './kubernetesRemote.ts';
import { addComposeService, addMapLine, planRemote, ScaffoldError, writeRemoteFolder } from './remoteScaffold.ts';
import { composeService } from './remoteTemplates.ts';

const VERSION = '1.0.0';

let remote;
try {
  remote = planRemote(root, process.argv[2]);
} catch (error) {
  if (!(error instanceof ScaffoldError)) throw error;
  console.error(`new:remote: ${error.message}`);
  process.exit(2);
}

const written = writeRemoteFolder(root, remote);
const composed = addComposeService(root, remote, VERSION);
addMapLine(root, remote, VERSION);
const kubernetes = addKubernetesRemote(root, remote, VERSION);
// npm ci (the images, CI) refuses a lockfile that lacks a workspace. Its dependencies are the
// shell's, already locked: nothing is downloaded, and node_modules is left as it is.
const lock = spawnSync('npm', ['install', '--package-lock-only', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'], {
  cwd: root,
  encoding: 'utf8',
});

const { folder, route } = remote;
console.log(`Created ${folder}/ (version ${VERSION}), its page /${route.path} and its menu entry "${route.label}":`);
for (const file of written) console.log(`  ${file}`);
console.log(
  composed
    ? `Added its service to docker-compose.yml (and its volume), and its line to deploy/remotes-map/default.json.`
    : `Added its line to deploy/remotes-map/default.json. docker-compose.yml is not laid out as expected: add this service under services:, and "  ${folder}:" under volumes:\n${composeService(remote, VERSION)}`,
);
console.log(
  kubernetes
    ? `Added it to deploy/kubernetes: base/remotes/${remote.folder}/, and in each overlay its images and its map line.`
    : `deploy/kubernetes is not laid out as expected: add it by hand (docs/deploy/kubernetes.md, "Adding a remote").`,
);
console.log(
  lock.status === 0
    ? 'Locked it in package-lock.json.'
    : `package-lock.json is not updated (npm said: ${lock.stderr.trim().split('\n').at(-1)}): run npm install.`,
);
console.log(`
Next:
  npm run dev -- shell ${folder}        its page at http://localhost:3000/${route.path}, hot-reloaded
  npx vitest run --project console ${folder}
  Its place in the menu: ${folder}/vigil-route.json (label, icon, order, superuserOnly).
Publish it:
  one process      npm run build -- ${folder}: the running server serves it from dist/ at once
                   (consoles show it on their next load; no restart, no rebuild of the shell)
  Docker Compose   docker compose build ${folder} && docker compose up -d ${folder}
                   (the gateway reaches /remotes/${folder}/ by its name; consoles show it on reload)
  Kubernetes       push its image, then kubectl apply -k deploy/kubernetes/overlays/<yours>`);
