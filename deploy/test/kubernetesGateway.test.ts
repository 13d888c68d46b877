import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { named, ofKind } from './helpers/kubernetesObjects.js';
import { KUBECTL, renderOverlay } from './helpers/kustomize.js';
import { NGINX, type RunningNginx, startNginx } from './helpers/nginx.js';
import { type RemoteSites, startRemoteSites } from './helpers/remoteSites.js';
import { GATEWAY_TEMPLATE, readText, renderTemplate } from './helpers/repo.js';

// The gateway as the Kubernetes overlays configure it (their generated ConfigMaps), in Debian's
// nginx: remotes reached by their Services' full names (VIGIL_REMOTE_DOMAIN, which Compose leaves
// empty) through a DNS server standing in for the cluster's, and /remotes.json from the map the
// overlay generates. Only the upstreams' addresses and the DNS are local; the rest is the
// overlay's.

const SHELL_PAGE = 'vigil-shell-page';
const VERSION = '1.0.0';
/** Where the gateway's pods mount the remotes map (base/gateway.yaml). */
const MAP_DIR = '/srv/vigil/remotes-map';

let root: string | undefined;
const servers: RunningNginx[] = [];
let remotes: RemoteSites | undefined;
let gateway: RunningNginx;
let vars: Record<string, string>;
let map: string;

describe.skipIf(!KUBECTL || !NGINX)("the gateway with a Kubernetes overlay's settings", () => {
  beforeAll(async () => {
    const objects = await renderOverlay('minimal');
    const [nginx] = named(objects, 'Deployment', 'gateway').spec.template.spec.containers;
    vars = named(objects, 'ConfigMap', nginx.envFrom[0].configMapRef.name).data!;
    map = ofKind(objects, 'ConfigMap').find((c) => c.metadata.name.startsWith('vigil-remotes-map-'))!.data!['default.json']!;

    root = await mkdtemp(path.join(tmpdir(), 'vigil-k8s-gateway-'));
    const mapDir = path.join(root, 'map');
    await mkdir(mapDir);
    await writeFile(path.join(mapDir, 'default.json'), map);
    const shellSite = path.join(root, 'shell');
    await mkdir(shellSite);
    await writeFile(path.join(shellSite, 'index.html'), `<!doctype html><title>${SHELL_PAGE}</title>`);
    servers.push(await startNginx(readText('deploy/shell/nginx.conf'), shellSite));
    const alerts = path.join(root, 'remote-alerts');
    await mkdir(path.join(alerts, 'remotes/remote-alerts', VERSION), { recursive: true });
    await writeFile(
      path.join(alerts, 'remotes/remote-alerts', VERSION, 'mf-manifest.json'),
      JSON.stringify({ served_by: 'remote-alerts' }),
    );
    // The Service's full name is what the DNS knows, as the cluster's DNS does.
    remotes = await startRemoteSites({ [`remote-alerts${vars.VIGIL_REMOTE_DOMAIN}`]: alerts });
    const local = {
      // Nothing listens on port 9: the API is not needed here.
      VIGIL_API_UPSTREAM: '127.0.0.1:9',
      VIGIL_SHELL_UPSTREAM: `127.0.0.1:${servers[0]!.port}`,
      VIGIL_RESOLVER: remotes.env.VIGIL_RESOLVER!,
      VIGIL_REMOTE_PORT: remotes.env.VIGIL_REMOTE_PORT!,
    };
    gateway = await startNginx(renderTemplate(readText(GATEWAY_TEMPLATE), { ...vars, ...local }), undefined, { [MAP_DIR]: mapDir });
    servers.push(gateway);
  }, 180_000);

  afterAll(async () => {
    for (const server of servers) await server.stop();
    await remotes?.stop();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('reaches a remote by its Service name with the namespace and cluster domain after it', async () => {
    expect(vars.VIGIL_REMOTE_DOMAIN).toBe('.vigil.svc.cluster.local');
    const res = await fetch(`${gateway.url}/remotes/remote-alerts/${VERSION}/mf-manifest.json`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ served_by: 'remote-alerts' });
    expect(remotes!.queries).toContain('remote-alerts.vigil.svc.cluster.local');
  });

  it('answers 502 for a remote no Service has, after asking the DNS for its full name', async () => {
    const res = await fetch(`${gateway.url}/remotes/remote-nothere/${VERSION}/mf-manifest.json`);
    expect(res.status).toBe(502);
    expect(remotes!.queries).toContain('remote-nothere.vigil.svc.cluster.local');
  });

  it("serves the overlay's remotes map at /remotes.json, and the shell for the console's routes", async () => {
    const res = await fetch(`${gateway.url}/remotes.json`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(JSON.parse(map));
    const page = await fetch(`${gateway.url}/alerts?page=2`);
    expect(await page.text()).toContain(SHELL_PAGE);
  });
});
