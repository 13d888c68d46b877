import { beforeAll, describe, expect, it } from 'vitest';
import { named, ofKind, podTemplates, selects } from './helpers/kubernetesObjects.js';
import { KUBECTL, overlayNames, renderOverlay } from './helpers/kustomize.js';
import { REMOTES } from './helpers/repo.js';

// The network policies of each overlay of deploy/kubernetes, as kubectl kustomize renders them:
// a default deny, then for each pod what it may reach and what may reach it.

const OVERLAYS = overlayNames();
const rendered: Record<string, object[]> = {};

describe.skipIf(!KUBECTL)('the Kubernetes network policies', () => {
  beforeAll(async () => {
    for (const name of OVERLAYS) rendered[name] = await renderOverlay(name);
  }, 180_000);

  describe.each(OVERLAYS)('overlay %s', (overlay) => {
    const objects = () => rendered[overlay]!;
    const pods = () => podTemplates(objects());

    it('denies all traffic by default and lets each pod reach, and be reached by, only what it needs', () => {
      const policies = ofKind(objects(), 'NetworkPolicy');
      const deny = named(objects(), 'NetworkPolicy', 'default-deny');
      expect(deny.spec).toEqual({ podSelector: {}, policyTypes: ['Ingress', 'Egress'] });
      const policiesOf = (labels: Record<string, string>) => policies.filter((p) => selects(p.spec.podSelector, labels));
      const allowed = (labels: Record<string, string>, direction: 'ingress' | 'egress') =>
        policiesOf(labels).flatMap((p) =>
          p.spec.policyTypes.includes(direction === 'ingress' ? 'Ingress' : 'Egress') ? (p.spec[direction] ?? []) : [],
        );
      const ports = (rules: any[]) => rules.flatMap((r) => (r.ports ?? []).map((p: any) => `${p.protocol}/${p.port}`));
      // Every pod is covered by a policy of its own (beyond the default deny and DNS).
      for (const pod of pods()) {
        const own = policiesOf(pod.labels).filter((p) => Object.keys(p.spec.podSelector).length > 0);
        expect(
          own.map((p) => p.metadata.name),
          pod.id,
        ).not.toEqual([]);
        expect(ports(allowed(pod.labels, 'egress')), pod.id).toEqual(expect.arrayContaining(['UDP/53', 'TCP/53']));
      }
      // Each Service's pods take connections on its port.
      for (const service of ofKind(objects(), 'Service')) {
        const pod = pods().find((p) => selects({ matchLabels: service.spec.selector }, p.labels))!;
        const port = pod.spec.containers[0].ports.find((p: any) => p.name === service.spec.ports[0].targetPort).containerPort;
        expect(ports(allowed(pod.labels, 'ingress')), service.metadata.name).toContain(`TCP/${port}`);
      }
      // The API's web pods, the shell and the remotes: from the gateway's pods only.
      const gatewayLabels = named(objects(), 'Deployment', 'gateway').spec.template.metadata.labels;
      for (const name of ['api-web', 'shell', ...REMOTES]) {
        const labels = named(objects(), 'Deployment', name).spec.template.metadata.labels;
        const sources = allowed(labels, 'ingress').flatMap((r) => r.from);
        const fromGateway = sources.filter((s: any) => !s.namespaceSelector && !s.ipBlock && selects(s.podSelector, gatewayLabels));
        const others = sources.filter(
          (s: any) => !fromGateway.includes(s) && !s.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'],
        );
        expect(fromGateway.length, name).toBeGreaterThan(0);
        expect(others, name).toEqual([]);
      }
      // The gateway: from one namespace (the ingress controller's or the Gateway's), not from anywhere.
      const gatewaySources = allowed(gatewayLabels, 'ingress').flatMap((r) => r.from);
      expect(gatewaySources.map((s: any) => Object.keys(s.namespaceSelector.matchLabels))).toEqual([['kubernetes.io/metadata.name']]);
      // The API sends: the database, mail and HTTPS to the outbound channels.
      for (const name of ['api-web', 'api-worker']) {
        const labels = named(objects(), 'Deployment', name).spec.template.metadata.labels;
        expect(ports(allowed(labels, 'egress')), name).toEqual(expect.arrayContaining(['TCP/5432', 'TCP/587', 'TCP/465', 'TCP/443']));
      }
      // The shell and the remotes call nothing but DNS.
      for (const name of ['shell', ...REMOTES]) {
        const labels = named(objects(), 'Deployment', name).spec.template.metadata.labels;
        expect(ports(allowed(labels, 'egress')).sort(), name).toEqual(['TCP/53', 'UDP/53']);
      }
    });
  });
});
