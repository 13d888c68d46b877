/** What the Kubernetes tests read of a rendered object. */
export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: any;
  data?: Record<string, string>;
}

export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist'; values?: string[] }[];
}

/** A workload's pod template: the pods Kubernetes runs for it. */
export interface PodTemplate {
  /** `Deployment/api-web`, `Job/vigil-migrate-0.1.0`. */
  id: string;
  owner: K8sObject;
  labels: Record<string, string>;
  spec: any;
}

export interface ContainerOf {
  /** `Deployment/api-web api` (init containers: `init remote-actions`). */
  id: string;
  container: any;
  init: boolean;
  pod: PodTemplate;
}

export const objectsOf = (objects: object[]) => objects as K8sObject[];
export const ofKind = (objects: object[], kind: string) => objectsOf(objects).filter((o) => o.kind === kind);
export const idOf = (o: K8sObject) => `${o.kind}/${o.metadata.name}`;

export function named(objects: object[], kind: string, name: string): K8sObject {
  const found = ofKind(objects, kind).find((o) => o.metadata.name === name);
  if (!found) throw new Error(`no ${kind} named ${name} among ${ofKind(objects, kind).map(idOf).join(', ') || `no ${kind}`}`);
  return found;
}

/** The pod templates of every workload kind; custom resources (CloudNativePG's Cluster) make their pods themselves. */
export function podTemplates(objects: object[]): PodTemplate[] {
  return objectsOf(objects).flatMap((o) => {
    const template =
      o.kind === 'CronJob'
        ? o.spec.jobTemplate.spec.template
        : ['Deployment', 'StatefulSet', 'DaemonSet', 'ReplicaSet', 'Job'].includes(o.kind)
          ? o.spec.template
          : undefined;
    return template ? [{ id: idOf(o), owner: o, labels: template.metadata?.labels ?? {}, spec: template.spec }] : [];
  });
}

export function containersOf(pods: PodTemplate[]): ContainerOf[] {
  return pods.flatMap((pod) => [
    ...(pod.spec.initContainers ?? []).map((container: any) => ({ id: `${pod.id} init ${container.name}`, container, init: true, pod })),
    ...pod.spec.containers.map((container: any) => ({ id: `${pod.id} ${container.name}`, container, init: false, pod })),
  ]);
}

/** Whether a label selector picks these labels (Kubernetes' rules; an empty selector picks everything). */
export function selects(selector: LabelSelector | undefined, labels: Record<string, string>): boolean {
  if (!selector) return false;
  const byLabel = Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value);
  const byExpression = (selector.matchExpressions ?? []).every(({ key, operator, values = [] }) => {
    switch (operator) {
      case 'In':
        return key in labels && values.includes(labels[key]!);
      case 'NotIn':
        return !(key in labels) || !values.includes(labels[key]!);
      case 'Exists':
        return key in labels;
      case 'DoesNotExist':
        return !(key in labels);
    }
    throw new Error(`unknown selector operator ${operator}`);
  });
  return byLabel && byExpression;
}

/** How many pods a Deployment keeps at least: its autoscaler's minimum, else its replicas (1 when unset). */
export function minimumReplicas(objects: object[], deployment: K8sObject): number {
  const hpa = ofKind(objects, 'HorizontalPodAutoscaler').find(
    (h) => h.spec.scaleTargetRef.kind === 'Deployment' && h.spec.scaleTargetRef.name === deployment.metadata.name,
  );
  return hpa ? (hpa.spec.minReplicas ?? 1) : (deployment.spec.replicas ?? 1);
}

/** `registry:5000/vigil/api:0.1.0` → `{ name: 'registry:5000/vigil/api', tag: '0.1.0' }` (no tag: undefined). */
export function splitImage(image: string): { name: string; tag: string | undefined } {
  const withoutDigest = image.split('@')[0]!;
  const slash = withoutDigest.lastIndexOf('/');
  const colon = withoutDigest.lastIndexOf(':');
  return colon > slash
    ? { name: withoutDigest.slice(0, colon), tag: withoutDigest.slice(colon + 1) }
    : { name: withoutDigest, tag: undefined };
}

/** A container's environment variable as it is given: a value, or where it comes from. */
export const envEntry = (container: any, name: string) => (container.env ?? []).find((e: any) => e.name === name);
