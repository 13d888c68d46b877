import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  containersOf,
  type K8sObject,
  minimumReplicas,
  named,
  ofKind,
  type PodTemplate,
  podTemplates,
  selects,
  splitImage,
} from './helpers/kubernetesObjects.js';
import { KUBECTL, OVERLAYS_DIR, overlayNames, renderOverlay } from './helpers/kustomize.js';
import { REMOTES, ROOT, readCompose, readText } from './helpers/repo.js';

// Every overlay of deploy/kubernetes as `kubectl apply -k` would apply it (kubectl's built-in
// kustomize renders it; no cluster is needed): what each pod must be to run under the
// `restricted` Pod Security Standard, probes, resources, disruption budgets, images.
// kubernetesNetwork.test.ts checks the network policies, kubernetesWiring.test.ts what the pods
// are given (settings, the gateway's upstreams, the remotes map, the database, the monitoring).

if (!KUBECTL) console.warn('kubectl is not installed: the Kubernetes manifests are not rendered nor checked (it carries kustomize).');

const OVERLAYS = overlayNames();
const rendered: Record<string, object[]> = {};

/** `${VIGIL_IMAGE_PREFIX:-vigil}/api:${VIGIL_API_VERSION:-0.1.0}` → `vigil/api:0.1.0`: the image Compose runs with an empty .env. */
const composeDefault = (image: string) => image.replace(/\$\{\w+:-([^}]*)\}/g, '$1');
const COMPOSE_IMAGES = Object.fromEntries(
  Object.values<any>(readCompose().services).map((s) => {
    const { name, tag } = splitImage(composeDefault(s.image));
    return [name, tag];
  }),
);

/** The user an image runs as: the API's `node` (1000), nginx-unprivileged's (101). */
const IMAGE_USERS: [RegExp, number][] = [
  [/^vigil\/api$/, 1000],
  [/^(vigil\/(shell|remote-[a-z0-9-]+)|nginxinc\/nginx-unprivileged)$/, 101],
];

describe.skipIf(!KUBECTL)('the Kubernetes manifests', () => {
  beforeAll(async () => {
    for (const name of OVERLAYS) rendered[name] = await renderOverlay(name);
  }, 180_000);

  it('has the overlays the docs name, each rendered by kubectl kustomize', () => {
    expect(OVERLAYS).toEqual(['gateway-api', 'ha', 'minimal']);
    for (const name of OVERLAYS) expect(rendered[name]!.length, name).toBeGreaterThan(40);
  });

  describe.each(OVERLAYS)('overlay %s', (overlay) => {
    const objects = () => rendered[overlay]!;
    const pods = () => podTemplates(objects());
    const deployments = () => ofKind(objects(), 'Deployment');

    it('puts everything in one namespace, which enforces the restricted Pod Security Standard', () => {
      const [namespace, ...more] = ofKind(objects(), 'Namespace');
      expect(more).toEqual([]);
      expect(namespace!.metadata.labels).toMatchObject({
        'pod-security.kubernetes.io/enforce': 'restricted',
        'pod-security.kubernetes.io/warn': 'restricted',
      });
      for (const o of objects().filter((o: any) => o.kind !== 'Namespace')) {
        expect((o as K8sObject).metadata.namespace, `${(o as K8sObject).kind}/${(o as K8sObject).metadata.name}`).toBe(
          namespace!.metadata.name,
        );
      }
      // No secret is ever in git: the overlays name Secrets the user creates.
      expect(ofKind(objects(), 'Secret')).toEqual([]);
    });

    it('runs every pod under the restricted profile: non-root, its user set, no privilege, no capability, a read-only root, RuntimeDefault seccomp, no service account token', () => {
      expect(pods().map((p) => p.id)).toContain('Deployment/api-web');
      for (const pod of pods()) {
        const { spec } = pod;
        expect(spec.automountServiceAccountToken, pod.id).toBe(false);
        for (const field of ['hostNetwork', 'hostPID', 'hostIPC']) expect(spec[field], `${pod.id} ${field}`).toBeFalsy();
        expect(
          (spec.volumes ?? []).filter((v: any) => v.hostPath),
          pod.id,
        ).toEqual([]);
        expect(spec.securityContext, pod.id).toMatchObject({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } });
        expect(spec.securityContext.runAsUser, pod.id).toBeGreaterThan(0);
      }
      for (const { id, container, pod } of containersOf(pods())) {
        const context = container.securityContext ?? {};
        expect(context, id).toMatchObject({
          allowPrivilegeEscalation: false,
          readOnlyRootFilesystem: true,
          capabilities: { drop: ['ALL'] },
        });
        expect(context.capabilities.add, id).toBeUndefined();
        expect(context.privileged, id).toBeFalsy();
        // runAsNonRoot is checked against the image's user at start: the pod runs as the user the image was built for.
        const user = context.runAsUser ?? pod.spec.securityContext.runAsUser;
        const expected = IMAGE_USERS.find(([image]) => image.test(splitImage(container.image).name));
        if (!container.command) expect(user, `${id}: ${container.image} runs as`).toBe(expected?.[1]);
      }
    });

    it('gives every path a process writes an emptyDir (the root filesystem is read-only)', () => {
      const writable = (pod: PodTemplate, container: any) =>
        (container.volumeMounts ?? [])
          .filter((m: any) => !m.readOnly && pod.spec.volumes.find((v: any) => v.name === m.name)?.emptyDir)
          .map((m: any) => m.mountPath);
      for (const { id, container, pod, init } of containersOf(pods())) {
        const image = splitImage(container.image).name;
        const paths = writable(pod, container);
        if (init) expect(paths, id).not.toEqual([]);
        // nginx-unprivileged keeps its pid and temporary files in /tmp; the API's Node, its own temporary files.
        else expect(paths, id).toContain('/tmp');
        // The gateway's entrypoint renders its template into /etc/nginx/conf.d.
        if (image === 'nginxinc/nginx-unprivileged') expect(paths, id).toContain('/etc/nginx/conf.d');
        // A remote's image publishes its version under its folder at start (deploy/remote/publish-version.sh).
        if (/^vigil\/remote-/.test(image)) {
          expect(readText('deploy/remote/publish-version.sh')).toContain(`versions="/usr/share/nginx/html/remotes/\${VIGIL_REMOTE}"`);
          if (!init) expect(paths, id).toContain('/usr/share/nginx/html/remotes');
        }
        for (const volume of pod.spec.volumes.filter((v: any) => v.emptyDir))
          expect(volume.emptyDir.sizeLimit, `${id} ${volume.name}`).toBeDefined();
      }
    });

    it('sets requests and limits of CPU and memory on every container', () => {
      for (const { id, container } of containersOf(pods())) {
        expect(Object.keys(container.resources?.requests ?? {}).sort(), id).toEqual(['cpu', 'memory']);
        expect(Object.keys(container.resources?.limits ?? {}).sort(), id).toEqual(['cpu', 'memory']);
      }
    });

    it('probes every long-running container: startup, readiness and liveness, on a port it opens', () => {
      for (const { id, container, init, pod } of containersOf(pods())) {
        // An init container cannot have probes: it runs to its end before the others start.
        // A Job's container is behind no Service (readiness means nothing) and ends by itself;
        // its activeDeadlineSeconds stops one that hangs, where a liveness probe would restart
        // a migration halfway.
        if (init || pod.owner.kind === 'Job') {
          expect(container.livenessProbe, id).toBeUndefined();
          if (pod.owner.kind === 'Job') expect(pod.owner.spec.activeDeadlineSeconds, id).toBeGreaterThan(0);
          continue;
        }
        for (const probe of ['startupProbe', 'readinessProbe', 'livenessProbe']) {
          const spec = container[probe];
          expect(spec, `${id} ${probe}`).toBeDefined();
          if (spec.httpGet)
            expect(
              (container.ports ?? []).map((p: any) => p.name),
              `${id} ${probe}`,
            ).toContain(spec.httpGet.port);
          else expect(spec.exec.command.join(' '), `${id} ${probe}`).toContain('http://127.0.0.1:8080/');
        }
      }
    });

    it('probes the API on the three /healthz routes it answers (api/src/operations/probes.ts), startup waiting for the migration', () => {
      const routes = [...readText('api/src/operations/probes.ts').matchAll(/app\.get\('(\/healthz\/\w+)'/g)].map((m) => m[1]);
      for (const name of ['api-web', 'api-worker']) {
        const [api] = named(objects(), 'Deployment', name).spec.template.spec.containers;
        const paths = [api.startupProbe, api.readinessProbe, api.livenessProbe].map((p: any) => p.httpGet.path);
        expect(paths, name).toEqual(['/healthz/startup', '/healthz/ready', '/healthz/live']);
        for (const p of paths) expect(routes).toContain(p);
        // A migration may take minutes: the startup probe waits up to 5 of them at least.
        expect(api.startupProbe.periodSeconds * api.startupProbe.failureThreshold, name).toBeGreaterThanOrEqual(300);
      }
    });

    it("gives the API's pods longer to stop than their shutdown takes (api/src/server.ts): the web's drain and requests, the worker's sends", () => {
      // closeWithGrace's delay bounds the whole shutdown: a web process drains, then answers
      // what is in flight; a worker has nothing to drain and finishes its sends.
      const grace = /closeWithGrace\(\{ delay: drainMs \+ \(servesApi \? ([\d_]+) : ([\d_]+)\) \}/.exec(readText('api/src/server.ts'));
      expect(grace, 'api/src/server.ts bounds its shutdown by the drain plus a fixed time per role').not.toBeNull();
      const [webSeconds, workerSeconds] = [grace![1]!, grace![2]!].map((ms) => Number(ms.replaceAll('_', '')) / 1000);
      const settings = ofKind(objects(), 'ConfigMap').find((c) => c.metadata.name.startsWith('vigil-settings-'))!.data!;
      const drain = Number(settings.SHUTDOWN_DRAIN_SECONDS);
      expect(drain).toBeGreaterThan(0);
      const graceOf = (name: string) => named(objects(), 'Deployment', name).spec.template.spec.terminationGracePeriodSeconds;
      expect(graceOf('api-web')).toBeGreaterThanOrEqual(drain + webSeconds! + 5);
      expect(graceOf('api-worker')).toBeGreaterThanOrEqual(workerSeconds! + 5);
    });

    it('keeps two pods or more of every Deployment, each with a disruption budget of its own that lets one go at a time', () => {
      const budgets = ofKind(objects(), 'PodDisruptionBudget');
      for (const deployment of deployments()) {
        const id = `Deployment/${deployment.metadata.name}`;
        const replicas = minimumReplicas(objects(), deployment);
        expect(replicas, id).toBeGreaterThanOrEqual(2);
        const labels = deployment.spec.template.metadata.labels;
        const mine = budgets.filter((b) => selects(b.spec.selector, labels));
        expect(
          mine.map((b) => b.metadata.name),
          id,
        ).toHaveLength(1);
        // It selects this Deployment's pods only.
        const others = deployments().filter((d) => d !== deployment && selects(mine[0]!.spec.selector, d.spec.template.metadata.labels));
        expect(
          others.map((d) => d.metadata.name),
          id,
        ).toEqual([]);
        expect(mine[0]!.spec.maxUnavailable ?? replicas - mine[0]!.spec.minAvailable, id).toBeGreaterThanOrEqual(1);
      }
      expect(budgets).toHaveLength(deployments().length);
      // The web pods scale on CPU, from two at least.
      const hpa = named(objects(), 'HorizontalPodAutoscaler', 'api-web');
      expect(hpa.apiVersion).toBe('autoscaling/v2');
      expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
      expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas);
    });

    it('spreads the API, gateway, shell and remotes pods across nodes', () => {
      for (const deployment of deployments()) {
        const constraints = deployment.spec.template.spec.topologySpreadConstraints ?? [];
        expect(
          constraints.map((c: any) => c.topologyKey),
          deployment.metadata.name,
        ).toContain('kubernetes.io/hostname');
        for (const c of constraints)
          expect(selects(c.labelSelector, deployment.spec.template.metadata.labels), deployment.metadata.name).toBe(true);
      }
    });

    it('runs every remote of the workspace as a Deployment and Service of its own, and no other', () => {
      const names = (kind: string) =>
        ofKind(objects(), kind)
          .map((o) => o.metadata.name)
          .filter((n) => n.startsWith('remote-'));
      expect(names('Deployment').sort()).toEqual([...REMOTES].sort());
      expect(names('Service').sort()).toEqual([...REMOTES].sort());
      const publish = /^COPY deploy\/remote\/publish-version\.sh (\S+)$/m.exec(readText('deploy/remote/Dockerfile'))![1];
      for (const remote of REMOTES) {
        const { containers, initContainers } = named(objects(), 'Deployment', remote).spec.template.spec;
        expect(splitImage(containers[0].image).name).toBe(`vigil/${remote}`);
        // Beside its own version, each pod publishes the one before (from that version's image, by its own script).
        expect(
          initContainers.map((c: any) => [c.name, splitImage(c.image).name, c.command]),
          remote,
        ).toEqual([['previous-version', `vigil/${remote}`, [publish]]]);
        expect(initContainers[0].volumeMounts).toEqual(containers[0].volumeMounts.filter((m: any) => m.name === 'versions'));
      }
    });

    it('tags every image, never latest, with the versions docker-compose.yml runs by default', () => {
      const images = containersOf(pods()).map(({ container }) => container.image as string);
      for (const image of images) {
        const { name, tag } = splitImage(image);
        expect(tag, image).toBeDefined();
        expect(tag, image).not.toBe('latest');
        // The same image as Compose's service, at the same version.
        expect(COMPOSE_IMAGES[name], `${image} is not an image docker-compose.yml runs`).toBeDefined();
        expect(tag, image).toBe(COMPOSE_IMAGES[name]);
      }
      for (const app of ['vigil/api', 'vigil/shell', ...REMOTES.map((r) => `vigil/${r}`), 'nginxinc/nginx-unprivileged']) {
        expect(
          images.map((i) => splitImage(i).name),
          app,
        ).toContain(app);
      }
      // CloudNativePG's PostgreSQL: Compose's major version.
      for (const cluster of ofKind(objects(), 'Cluster')) {
        const postgresMajor = COMPOSE_IMAGES.postgres!.split(/[.-]/)[0];
        expect(splitImage(cluster.spec.imageName).tag).toMatch(new RegExp(`^${postgresMajor}(\\.\\d+)?-`));
      }
    });
  });

  it('lets users set a registry: every vigil image goes through the images list of each overlay', () => {
    for (const overlay of OVERLAYS) {
      const kustomization = parse(readFileSync(path.join(OVERLAYS_DIR, overlay, 'kustomization.yaml'), 'utf8'));
      const listed = kustomization.images.map((i: any) => i.name).sort();
      expect(listed, overlay).toEqual(
        ['vigil/api', 'vigil/shell', ...REMOTES.flatMap((r) => [`vigil/${r}`, `vigil/${r}-previous`])].sort(),
      );
      // A remote's previous version is the same image under another tag.
      for (const remote of REMOTES) {
        expect(kustomization.images.find((i: any) => i.name === `vigil/${remote}-previous`).newName, overlay).toBe(`vigil/${remote}`);
      }
    }
    expect(existsSync(path.join(ROOT, 'deploy/kubernetes/base/kustomization.yaml'))).toBe(true);
  });
});
