import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../api/src/config.js';
import { ALL_SETTINGS } from '../../api/src/configSettings.js';
import { envEntry, type K8sObject, named, ofKind, selects, splitImage } from './helpers/kubernetesObjects.js';
import { KUBECTL, overlayNames, renderOverlay } from './helpers/kustomize.js';
import { GATEWAY_TEMPLATE, REMOTES, ROOT, readText, remotesMap, renderTemplate, templateVariables } from './helpers/repo.js';

// What the pods of each overlay are given: the API's settings and secrets (read by the API's
// own parser), the public action page's files, the remotes map, the gateway's upstreams, the
// migration Job, the database of the ha overlay and the monitoring. kubernetes.test.ts checks
// the pods themselves.

const OVERLAYS = overlayNames();
const rendered: Record<string, object[]> = {};

/** Every setting the API reads (api/src/configSettings.ts). */
const KNOWN_SETTINGS = new Set(ALL_SETTINGS.map((s) => s.name));
/** Settings that are secrets: only ever from a Secret, never a ConfigMap's text. */
const SECRET_SETTINGS = [
  'DATABASE_URL',
  'SECRET_KEY',
  'FIRST_SUPERUSER_PASSWORD',
  'SMTP_PASSWORD',
  'METRICS_TOKEN',
  'OIDC_CLIENT_SECRET',
  'REDIS_URL',
];
/** Values standing in for the Secret's, to run the API's parser on what a pod gets. */
const STAND_IN: Record<string, string> = {
  DATABASE_URL: 'postgresql://vigil:stand-in@db.example.com:5432/vigil',
  SECRET_KEY: 'a-stand-in-secret-key-of-forty-characters-0123',
  FIRST_SUPERUSER_PASSWORD: 'a-stand-in-password-1',
};

const configMapNamed = (objects: object[], name: string) => named(objects, 'ConfigMap', name);
/** A generated ConfigMap, by the name it was generated under (kustomize appends a hash). */
const generated = (objects: object[], name: string) => {
  const found = ofKind(objects, 'ConfigMap').filter((c) => new RegExp(`^${name}-[a-z0-9]{10}$`).test(c.metadata.name));
  expect(
    found.map((c) => c.metadata.name),
    name,
  ).toHaveLength(1);
  return found[0]!;
};
const podSpec = (o: K8sObject) => o.spec.template.spec;
const apiContainer = (o: K8sObject) => podSpec(o).containers.find((c: any) => c.name === 'api');

/** A container's environment as the pod gets it: its ConfigMaps' keys, then its own entries (which win). */
function environment(objects: object[], container: any): Record<string, any> {
  const env: Record<string, any> = {};
  for (const from of container.envFrom ?? []) Object.assign(env, configMapNamed(objects, from.configMapRef.name).data);
  for (const entry of container.env ?? []) env[entry.name] = entry.value ?? entry.valueFrom;
  return env;
}

/** The environment the API's parser reads in that pod, secrets replaced by stand-ins (optional ones left out, as unset). */
function parsedConfig(objects: object[], container: any) {
  const env = environment(objects, container);
  const plain = Object.fromEntries(
    Object.entries(env).flatMap(([name, value]) => {
      if (typeof value === 'string') return [[name, value]];
      return value.secretKeyRef.optional ? [] : [[name, STAND_IN[name]]];
    }),
  );
  return parseConfig(plain);
}

describe.skipIf(!KUBECTL)('what the Kubernetes pods are given', () => {
  beforeAll(async () => {
    for (const name of OVERLAYS) rendered[name] = await renderOverlay(name);
  }, 180_000);

  describe.each(OVERLAYS)('overlay %s', (overlay) => {
    const objects = () => rendered[overlay]!;
    const api = () => ({
      web: named(objects(), 'Deployment', 'api-web'),
      worker: named(objects(), 'Deployment', 'api-worker'),
      migrate: ofKind(objects(), 'Job')[0]!,
    });
    const namespace = () => ofKind(objects(), 'Namespace')[0]!.metadata.name;

    it('gives the API its settings by their own names, every one a setting it reads', () => {
      for (const [role, o] of Object.entries(api())) {
        const names = Object.keys(environment(objects(), apiContainer(o)));
        expect(
          names.filter((n) => !KNOWN_SETTINGS.has(n)),
          `${role}: not settings of api/src/configSettings.ts`,
        ).toEqual([]);
      }
      const required = ALL_SETTINGS.filter((s) => s.compose.kind === 'required').map((s) => s.name);
      expect(required).toContain('FRONTEND_HOST');
      for (const role of ['web', 'worker'] as const) {
        const env = environment(objects(), apiContainer(api()[role]));
        expect(Object.keys(env), role).toEqual(
          expect.arrayContaining([...required, 'NODE_ENV', 'CONSOLE_DIR', 'TRUST_PROXY', 'DATABASE_URL']),
        );
        expect(env.VIGIL_ROLE, role).toBe(role);
      }
    });

    it('takes every secret from a Secret the user creates, never from text in git', () => {
      for (const [role, o] of Object.entries(api())) {
        const env = environment(objects(), apiContainer(o));
        for (const name of SECRET_SETTINGS.filter((n) => n in env)) expect(env[name].secretKeyRef, `${role} ${name}`).toBeDefined();
        for (const from of apiContainer(o).envFrom ?? []) {
          const keys = Object.keys(configMapNamed(objects(), from.configMapRef.name).data ?? {});
          expect(
            keys.filter((k) => SECRET_SETTINGS.includes(k)),
            role,
          ).toEqual([]);
        }
      }
      const web = environment(objects(), apiContainer(api().web));
      for (const name of ['SECRET_KEY', 'FIRST_SUPERUSER_PASSWORD'])
        expect(web[name].secretKeyRef).toEqual({ name: 'vigil-secrets', key: name });
      for (const name of ['SMTP_PASSWORD', 'METRICS_TOKEN', 'OIDC_CLIENT_SECRET'])
        expect(web[name].secretKeyRef).toMatchObject({ optional: true });
    });

    it('gives the API settings its own parser accepts: production, behind the gateway, draining before it stops', () => {
      for (const role of ['web', 'worker'] as const) {
        const config = parsedConfig(objects(), apiContainer(api()[role]));
        expect(config.production, role).toBe(true);
        expect(config.consoleDir, role).toBeUndefined();
        expect(config.trustProxy, role).toEqual(expect.arrayContaining([expect.stringMatching(/\/\d+$/)]));
        expect(config.shutdownDrainMs, role).toBeGreaterThan(0);
        expect(config.role, role).toBe(role);
      }
      expect(parsedConfig(objects(), apiContainer(api().web)).publicPages).toEqual({
        remoteActionsDir: '/srv/vigil/remote-actions',
        remotesMapDir: '/srv/vigil/remotes-map',
      });
      expect(parsedConfig(objects(), apiContainer(api().worker)).publicPages).toBeUndefined();
    });

    it("fills the web pods' remote-actions folder from the remote-actions image the remote's own pods run, and mounts the remotes map", () => {
      const spec = podSpec(api().web);
      const env = environment(objects(), apiContainer(api().web));
      const mount = (dir: string) => apiContainer(api().web).volumeMounts.find((m: any) => m.mountPath === dir);
      const volume = (dir: string) => spec.volumes.find((v: any) => v.name === mount(dir).name);
      expect(mount(env.REMOTE_ACTIONS_DIR).readOnly).toBe(true);
      expect(volume(env.REMOTE_ACTIONS_DIR).emptyDir).toBeDefined();
      const [copy, ...more] = spec.initContainers;
      expect(more).toEqual([]);
      const [remoteActions] = podSpec(named(objects(), 'Deployment', 'remote-actions')).containers;
      expect(copy.image).toBe(remoteActions.image);
      expect(copy.volumeMounts).toEqual([{ name: mount(env.REMOTE_ACTIONS_DIR).name, mountPath: env.REMOTE_ACTIONS_DIR }]);
      // Into <dir>/<version>/, as the API looks for it (docs/deploy/public-action-page.md), from where the image keeps its build.
      expect(copy.command.join(' ')).toContain(`cp -R /usr/share/vigil/this-version/. "${env.REMOTE_ACTIONS_DIR}/$VIGIL_REMOTE_VERSION/"`);
      expect(readText('deploy/remote/Dockerfile')).toContain('COPY --from=build /this-version /usr/share/vigil/this-version');
      const map = volume(env.REMOTES_MAP_DIR).configMap.name;
      expect(Object.keys(configMapNamed(objects(), map).data!)).toEqual(['default.json']);
    });

    it('serves a remotes map that names, for each remote, the version its pods run', () => {
      const map = JSON.parse(generated(objects(), 'vigil-remotes-map').data!['default.json']!);
      const running = Object.fromEntries(
        REMOTES.map((remote) => [remote, splitImage(podSpec(named(objects(), 'Deployment', remote)).containers[0].image).tag!]),
      );
      expect(map).toEqual(remotesMap(running));
      // The gateway serves it at /remotes.json from where its template looks.
      const gateway = podSpec(named(objects(), 'Deployment', 'gateway'));
      const mapMount = gateway.containers[0].volumeMounts.find(
        (m: any) =>
          gateway.volumes.find((v: any) => v.name === m.name)?.configMap?.name === generated(objects(), 'vigil-remotes-map').metadata.name,
      );
      expect(readText(GATEWAY_TEMPLATE)).toContain(`root ${mapMount.mountPath};`);
    });

    it("gives the gateway the template Compose mounts, every variable it uses, and Services' full names for its upstreams", () => {
      const gateway = podSpec(named(objects(), 'Deployment', 'gateway'));
      const [nginx] = gateway.containers;
      const vars = environment(objects(), nginx);
      expect(Object.keys(vars).sort()).toEqual(['NGINX_ENVSUBST_FILTER', ...templateVariables(readText(GATEWAY_TEMPLATE))].sort());
      expect(vars.NGINX_ENVSUBST_FILTER).toBe('VIGIL_');
      expect(() => renderTemplate(readText(GATEWAY_TEMPLATE), vars)).not.toThrow();
      const templates = gateway.volumes.find((v: any) => v.configMap?.name.startsWith('vigil-gateway-templates-')).configMap.name;
      expect(configMapNamed(objects(), templates).data).toEqual({ 'default.conf.template': readText(GATEWAY_TEMPLATE) });
      expect(nginx.volumeMounts).toContainEqual({
        name: gateway.volumes.find((v: any) => v.configMap?.name === templates).name,
        mountPath: '/etc/nginx/templates',
        readOnly: true,
      });
      // nginx's resolver knows no search domain: <service>.<namespace>.svc.cluster.local, on a port the Service has.
      const service = (upstream: string) => {
        const match = new RegExp(`^([a-z0-9-]+)\\.${namespace()}\\.svc\\.cluster\\.local:(\\d+)$`).exec(upstream);
        expect(match, upstream).not.toBeNull();
        const found = named(objects(), 'Service', match![1]!);
        expect(found.spec.ports.map((p: any) => p.port)).toContain(Number(match![2]));
        return found.metadata.name;
      };
      expect(service(vars.VIGIL_API_UPSTREAM)).toBe('api-web');
      expect(service(vars.VIGIL_SHELL_UPSTREAM)).toBe('shell');
      expect(vars.VIGIL_REMOTE_DOMAIN).toBe(`.${namespace()}.svc.cluster.local`);
      for (const remote of REMOTES) service(`${remote}${vars.VIGIL_REMOTE_DOMAIN}:${vars.VIGIL_REMOTE_PORT}`);
      expect(vars.VIGIL_RESOLVER).toBe('kube-dns.kube-system.svc.cluster.local');
      // The API's body limit, so the API is the one that refuses.
      expect(Number(vars.VIGIL_BODY_LIMIT_BYTES)).toBe(parsedConfig(objects(), apiContainer(api().web)).bodyLimitBytes);
    });

    it('routes the host, all paths, to the gateway: an Ingress, or an HTTPRoute in the gateway-api overlay', () => {
      const routes = [...ofKind(objects(), 'Ingress'), ...ofKind(objects(), 'HTTPRoute')];
      expect(routes.map((r) => r.kind)).toEqual([overlay === 'gateway-api' ? 'HTTPRoute' : 'Ingress']);
      const [route] = routes;
      if (route!.kind === 'Ingress') {
        const [rule] = route!.spec.rules;
        expect(rule.http.paths).toEqual([
          { path: '/', pathType: 'Prefix', backend: { service: { name: 'gateway', port: { name: 'http' } } } },
        ]);
        // ingress-nginx refuses bodies over 1 MiB by default: never less than the API takes.
        expect(route!.metadata.annotations!['nginx.ingress.kubernetes.io/proxy-body-size']).toBe('1m');
        expect(parsedConfig(objects(), apiContainer(api().web)).bodyLimitBytes).toBeLessThanOrEqual(1024 * 1024);
      } else {
        expect(route!.apiVersion).toBe('gateway.networking.k8s.io/v1');
        expect(route!.spec.rules).toEqual([
          { matches: [{ path: { type: 'PathPrefix', value: '/' } }], backendRefs: [{ kind: 'Service', name: 'gateway', port: 8080 }] },
        ]);
      }
      expect(named(objects(), 'Service', 'gateway').spec.ports).toEqual([{ name: 'http', port: 8080, targetPort: 'http' }]);
    });

    it("migrates with a Job named after the API's version, which reads the database's URL and nothing a settings change touches", () => {
      const { migrate, web } = api();
      const [container] = podSpec(migrate).containers;
      const tag = splitImage(container.image).tag;
      expect(container.image).toBe(apiContainer(web).image);
      expect(migrate.metadata.name).toBe(`vigil-migrate-${tag}`);
      expect(container.command).toEqual(['node', 'api/dist/migrate.js']);
      expect(existsSync(path.join(ROOT, 'api/src/migrate.ts'))).toBe(true);
      expect(JSON.stringify(podSpec(migrate))).not.toMatch(/configMap/i);
      expect(envEntry(container, 'DATABASE_URL')).toEqual(envEntry(apiContainer(web), 'DATABASE_URL'));
    });
  });

  it('runs the ha overlay on a CloudNativePG cluster of three with synchronous replication, backed up nightly, the API on its primary', () => {
    const objects = rendered.ha!;
    const [cluster, ...more] = ofKind(objects, 'Cluster');
    expect(more).toEqual([]);
    expect(cluster!.apiVersion).toBe('postgresql.cnpg.io/v1');
    expect(cluster!.spec.instances).toBe(3);
    // CloudNativePG's current API; minSyncReplicas and maxSyncReplicas are its deprecated one.
    expect(cluster!.spec.postgresql.synchronous).toMatchObject({ method: 'any', number: 1 });
    expect(cluster!.spec.minSyncReplicas).toBeUndefined();
    expect(cluster!.spec.maxSyncReplicas).toBeUndefined();
    const name = cluster!.metadata.name;
    for (const o of [named(objects, 'Deployment', 'api-web'), named(objects, 'Deployment', 'api-worker'), ofKind(objects, 'Job')[0]!]) {
      expect(envEntry(apiContainer(o), 'DATABASE_URL').valueFrom.secretKeyRef, o.metadata.name).toEqual({
        name: `${name}-app`,
        key: 'uri',
      });
    }
    const [backup] = ofKind(objects, 'ScheduledBackup');
    expect(backup!.spec).toMatchObject({
      cluster: { name },
      method: 'plugin',
      pluginConfiguration: { name: 'barman-cloud.cloudnative-pg.io' },
    });
    const [archiver] = cluster!.spec.plugins;
    expect(archiver).toMatchObject({ name: 'barman-cloud.cloudnative-pg.io', isWALArchiver: true });
    expect(named(objects, 'ObjectStore', archiver.parameters.barmanObjectName).apiVersion).toBe('barmancloud.cnpg.io/v1');
    // The API's pods reach the cluster's pods, and the cluster's pods have a policy of their own.
    const egress = named(objects, 'NetworkPolicy', 'api-database').spec.egress;
    expect(egress).toEqual([
      { to: [{ podSelector: { matchLabels: { 'cnpg.io/cluster': name } } }], ports: [{ protocol: 'TCP', port: 5432 }] },
    ]);
    const database = ofKind(objects, 'NetworkPolicy').filter(
      (p) => selects(p.spec.podSelector, { 'cnpg.io/cluster': name }) && p.metadata.name !== 'default-deny' && p.metadata.name !== 'dns',
    );
    expect(database.map((p) => p.metadata.name)).toEqual(['database']);
  });

  it('scrapes every API pod and alerts on the outbox, the escalation timer and failed notifications, with series the API has', () => {
    const withMonitoring = OVERLAYS.filter((o) => ofKind(rendered[o]!, 'ServiceMonitor').length > 0);
    expect(withMonitoring).toContain('ha');
    const metricsSource = readText('api/src/operations/metrics.ts');
    for (const overlay of withMonitoring) {
      const objects = rendered[overlay]!;
      const [monitor] = ofKind(objects, 'ServiceMonitor');
      const scraped = ofKind(objects, 'Service').filter((s) => selects(monitor!.spec.selector, s.metadata.labels ?? {}));
      expect(scraped.map((s) => s.metadata.name).sort(), overlay).toEqual(['api-web', 'api-worker']);
      expect(monitor!.spec.endpoints).toEqual([
        expect.objectContaining({
          port: 'http',
          path: '/api/v1/utils/metrics',
          authorization: { type: 'Bearer', credentials: { name: 'vigil-secrets', key: 'METRICS_TOKEN' } },
        }),
      ]);
      const rules = ofKind(objects, 'PrometheusRule').flatMap((r) => r.spec.groups.flatMap((g: any) => g.rules));
      const series = new Set(rules.flatMap((r: any) => [...String(r.expr).matchAll(/\bvigil_\w+/g)].map((m) => m[0])));
      for (const name of [
        'vigil_notification_outbox_oldest_seconds',
        'vigil_escalation_lag_seconds',
        'vigil_notification_failures_total',
      ]) {
        expect([...series], overlay).toContain(name);
      }
      for (const name of series) expect(metricsSource, `${name} is not a series of metrics.ts`).toContain(`name: '${name}'`);
    }
  });
});
