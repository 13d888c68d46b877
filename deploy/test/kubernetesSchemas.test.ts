import { beforeAll, describe, expect, it } from 'vitest';
import { kubernetesVersions, validateObject, vendoredKinds } from './helpers/kubernetesSchemas.js';
import { overlayNames, renderOverlay } from './helpers/kustomize.js';

// Every object each overlay renders must be accepted by the three newest Kubernetes minors
// vendored (deploy/test/schemas/README.md), strictly: a misspelt field fails here, not at deploy.

const versions = kubernetesVersions();

describe('every overlay against the Kubernetes schemas', () => {
  const overlays = overlayNames();

  it('has overlays to check, and three Kubernetes minors to check them against', () => {
    expect(overlays.length, 'no overlay under deploy/kubernetes/overlays').toBeGreaterThan(0);
    expect(versions).toHaveLength(3);
  });

  // All rendered at once: each kubectl kustomize takes a second or more.
  const renders = new Map(overlays.map((overlay) => [overlay, renderOverlay(overlay)]));
  for (const render of renders.values()) render.catch(() => {}); // reported by the overlay's beforeAll

  describe.each(overlays)('overlay %s', (overlay) => {
    let objects: object[] = [];
    beforeAll(async () => {
      objects = await renders.get(overlay)!;
    });

    it.each(versions)('every object is valid on Kubernetes %s', (version) => {
      expect(objects.length).toBeGreaterThan(0);
      expect(objects.flatMap((object) => validateObject(object, version))).toEqual([]);
    });
  });
});

const deployment = (container: Record<string, unknown>, spec: Record<string, unknown> = {}) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'api', labels: { app: 'api' }, creationTimestamp: null },
  spec: {
    replicas: 2,
    selector: { matchLabels: { app: 'api' } },
    template: { metadata: { labels: { app: 'api' } }, spec: { containers: [{ name: 'api', image: 'vigil-api:1', ...container }] } },
    ...spec,
  },
});

const hpa = (apiVersion: string) => ({
  apiVersion,
  kind: 'HorizontalPodAutoscaler',
  metadata: { name: 'api' },
  spec: {
    scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'api' },
    minReplicas: 2,
    maxReplicas: 6,
    metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } }],
  },
});

const cluster = (spec: Record<string, unknown> = {}) => ({
  apiVersion: 'postgresql.cnpg.io/v1',
  kind: 'Cluster',
  metadata: { name: 'vigil-db' },
  spec: {
    instances: 3,
    minSyncReplicas: 1,
    maxSyncReplicas: 2,
    postgresql: { synchronous: { method: 'any', number: 1 } },
    storage: { size: '20Gi' },
    ...spec,
  },
});

const httpRoute = (rule: Record<string, unknown>) => ({
  apiVersion: 'gateway.networking.k8s.io/v1',
  kind: 'HTTPRoute',
  metadata: { name: 'vigil' },
  spec: { parentRefs: [{ name: 'public' }], rules: [{ backendRefs: [{ name: 'vigil-api', port: 80 }], ...rule }] },
});

describe('the validator', () => {
  it.each(versions)('has a schema that compiles for every vendored kind on Kubernetes %s', (version) => {
    const kinds = vendoredKinds(version);
    expect(kinds).toEqual(
      expect.arrayContaining(['apps/v1/Deployment', 'postgresql.cnpg.io/v1/ScheduledBackup', 'monitoring.coreos.com/v1/PrometheusRule']),
    );
    for (const kind of kinds) {
      const [apiVersion, kindName] = [kind.slice(0, kind.lastIndexOf('/')), kind.slice(kind.lastIndexOf('/') + 1)];
      const errors = validateObject({ apiVersion, kind: kindName, metadata: { name: 'x' }, unknownField: 1 }, version);
      expect(errors, kind).toContain(`${kindName} x (${apiVersion}): /: unknown field "unknownField"`);
    }
  });

  it.each(versions)('accepts valid objects on Kubernetes %s, a null field taken as unset', (version) => {
    expect(validateObject(deployment({ resources: { requests: { cpu: 0.5, memory: '256Mi' } } }), version)).toEqual([]);
    expect(validateObject(hpa('autoscaling/v2'), version)).toEqual([]);
    expect(validateObject(cluster(), version)).toEqual([]);
    expect(validateObject(httpRoute({}), version)).toEqual([]);
  });

  it.each(versions)('refuses a misspelt field in a pod spec, naming it, on Kubernetes %s', (version) => {
    expect(validateObject(deployment({ imagePulPolicy: 'Always' }), version)).toEqual([
      'Deployment api (apps/v1): /spec/template/spec/containers/0: unknown field "imagePulPolicy"',
    ]);
  });

  it.each(versions)('refuses a wrong type and a missing required field on Kubernetes %s', (version) => {
    expect(validateObject(deployment({}, { replicas: 'two' }), version)).toEqual([
      'Deployment api (apps/v1): /spec/replicas: must be integer',
    ]);
    expect(validateObject(deployment({ ports: [{ name: 'http' }] }), version)).toEqual([
      "Deployment api (apps/v1): /spec/template/spec/containers/0/ports/0: must have required property 'containerPort'",
    ]);
    expect(validateObject(deployment({ resources: { limits: { memory: '512 MB' } } }), version)).toEqual([
      expect.stringMatching(
        /^Deployment api \(apps\/v1\): \/spec\/template\/spec\/containers\/0\/resources\/limits\/memory: must be number, or must match pattern "/,
      ),
    ]);
  });

  it.each(versions)('refuses autoscaling/v2beta2 (removed in Kubernetes 1.26) on Kubernetes %s', (version) => {
    expect(validateObject(hpa('autoscaling/v2beta2'), version)).toEqual([
      `HorizontalPodAutoscaler api (autoscaling/v2beta2): Kubernetes ${version} does not serve autoscaling/v2beta2 HorizontalPodAutoscaler`,
    ]);
  });

  it('holds each minor to its own schema: spec.schedulingGroup is a field from 1.36 on', () => {
    const grouped = deployment({});
    (grouped.spec.template.spec as Record<string, unknown>).schedulingGroup = { podGroupName: 'api' };
    expect(validateObject(grouped, '1.36')).toEqual([]);
    expect(validateObject(grouped, '1.35')).toEqual(['Deployment api (apps/v1): /spec/template/spec: unknown field "schedulingGroup"']);
  });

  it.each(versions)('refuses an unknown field or a wrong value in a CloudNativePG Cluster on Kubernetes %s', (version) => {
    expect(validateObject(cluster({ synchronousReplicas: 1 }), version)).toEqual([
      'Cluster vigil-db (postgresql.cnpg.io/v1): /spec: unknown field "synchronousReplicas"',
    ]);
    const wrongMethod = validateObject(cluster({ postgresql: { synchronous: { method: 'all', number: 1 } } }), version);
    expect(wrongMethod).toEqual([
      'Cluster vigil-db (postgresql.cnpg.io/v1): /spec/postgresql/synchronous/method: must be equal to one of the allowed values (any, first)',
    ]);
  });

  it.each(versions)('refuses custom resources that break their CRD and its metadata on Kubernetes %s', (version) => {
    expect(validateObject(httpRoute({ matches: [{ path: { type: 'Prefix', value: '/' } }] }), version)[0]).toContain(
      '/spec/rules/0/matches/0/path/type',
    );
    const monitor = {
      apiVersion: 'monitoring.coreos.com/v1',
      kind: 'ServiceMonitor',
      metadata: { name: 'api', lables: {} },
      spec: { selector: {}, endpoints: [{ port: 'http' }] },
    };
    expect(validateObject(monitor, version)).toEqual(['ServiceMonitor api (monitoring.coreos.com/v1): /metadata: unknown field "lables"']);
  });

  it.each(versions)('refuses a kind it has no schema for on Kubernetes %s, never passing it', (version) => {
    const widget = { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' } };
    expect(validateObject(widget, version)).toEqual([
      'Widget w (example.com/v1): no schema for this kind (a custom resource needs its CRD in deploy/test/schemas/crds)',
    ]);
    const limitRange = { apiVersion: 'v1', kind: 'LimitRange', metadata: { name: 'l' } };
    expect(validateObject(limitRange, version)[0]).toContain(`Kubernetes ${version} serves it, but its schema is not vendored`);
    expect(validateObject({ kind: 'Deployment' }, version)).toEqual(['apiVersion and kind must both be strings']);
  });
});
