#!/usr/bin/env node
// Writes the JSON schemas that deploy/test/helpers/kubernetesSchemas.ts validates the
// Kubernetes manifests with (deploy/test/schemas/README.md says where each input came from):
//
//   node scripts/vendorKubernetesSchemas.mjs kubernetes <minor> <swagger.json> <source>
//   node scripts/vendorKubernetesSchemas.mjs crd <project> <crd.yaml> <source>
//
// <swagger.json> is Kubernetes' api/openapi-spec/swagger.json of that minor; <crd.yaml> a
// CustomResourceDefinition as the project publishes it. The schemas are made strict the way
// kubeconform -strict is: an object that lists its properties accepts no other (unless the
// CRD says x-kubernetes-preserve-unknown-fields), so a misspelt field is an error rather than
// something the API server drops or refuses at deploy time.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const outDir = path.join(root, 'deploy/test/schemas');

// The built-in kinds Vigil's manifests use (and a few they may): only these definitions and
// what they reference are kept, so a version's file stays small.
const KINDS = [
  'v1/ConfigMap',
  'v1/Namespace',
  'v1/PersistentVolumeClaim',
  'v1/Secret',
  'v1/Service',
  'v1/ServiceAccount',
  'apps/v1/Deployment',
  'apps/v1/StatefulSet',
  'autoscaling/v2/HorizontalPodAutoscaler',
  'batch/v1/CronJob',
  'batch/v1/Job',
  'networking.k8s.io/v1/Ingress',
  'networking.k8s.io/v1/NetworkPolicy',
  'policy/v1/PodDisruptionBudget',
  'rbac.authorization.k8s.io/v1/Role',
  'rbac.authorization.k8s.io/v1/RoleBinding',
];

// Keywords that only document, or that ajv does not know: formats are not checked (an int32 is
// still an integer), CEL rules (x-kubernetes-validations) cannot be run here.
const DROPPED = new Set(['description', 'default', 'example', 'format', 'nullable', 'externalDocs', '$schema']);

// The pattern controller-gen puts on resource.Quantity fields.
const QUANTITY_PATTERN =
  '^(\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))))?$';

// Special types that swagger.json spells as plain strings but the API server reads otherwise.
const KUBERNETES_TYPES = {
  'io.k8s.apimachinery.pkg.util.intstr.IntOrString': { anyOf: [{ type: 'integer' }, { type: 'string' }] },
  'io.k8s.apimachinery.pkg.api.resource.Quantity': { anyOf: [{ type: 'number' }, { type: 'string', pattern: QUANTITY_PATTERN }] },
};

// Go's RE2 takes a flag for the rest of the pattern, `(?i)x$`; JavaScript only a group, `(?i:x)$`.
const javaScriptPattern = (pattern) => pattern.replace(/\(\?i\)(.*?)(\$?)$/, '(?i:$1)$2');

const gvkKey = ({ group, version, kind }) => `${group ? `${group}/` : ''}${version}/${kind}`;

/** A copy of an OpenAPI schema as ajv takes it, strict about unknown properties. */
function strict(schema) {
  if (Array.isArray(schema)) return schema.map(strict);
  if (schema === null || typeof schema !== 'object') return schema;
  const result = {};
  for (const [key, value] of Object.entries(schema)) {
    if (DROPPED.has(key) || key.startsWith('x-')) continue;
    // Property names and enum values are data, not schemas.
    if (key === 'properties') result[key] = Object.fromEntries(Object.entries(value).map(([name, s]) => [name, strict(s)]));
    else if (key === 'enum' || key === 'required') result[key] = value;
    else if (key === 'pattern') result[key] = javaScriptPattern(value);
    else result[key] = strict(value);
  }
  if (schema['x-kubernetes-int-or-string'] && !schema.anyOf) {
    delete result.type;
    result.anyOf = [{ type: 'integer' }, { type: 'string' }];
  }
  const open = schema['x-kubernetes-preserve-unknown-fields'] === true;
  if (schema.properties && schema.additionalProperties === undefined && !open) result.additionalProperties = false;
  return result;
}

/** Every definition `name` reaches through $ref, itself included. */
function reachable(definitions, names) {
  const seen = new Set();
  const visit = (node) => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === 'object') {
      if (typeof node.$ref === 'string') add(node.$ref.replace('#/definitions/', ''));
      Object.values(node).forEach(visit);
    }
  };
  const add = (name) => {
    if (seen.has(name)) return;
    if (!definitions[name]) throw new Error(`swagger.json has no definition ${name}`);
    seen.add(name);
    visit(definitions[name]);
  };
  names.forEach(add);
  return [...seen].sort();
}

function vendorKubernetes(minor, swaggerPath, source) {
  if (!/^1\.\d+$/.test(minor)) throw new Error(`Give the minor as 1.NN, not ${minor}`);
  const { definitions } = JSON.parse(readFileSync(swaggerPath, 'utf8'));
  // Every kind this version serves, so that an object of another one (a removed API) is told apart
  // from one whose schema is not vendored.
  const byKind = new Map();
  for (const [name, definition] of Object.entries(definitions)) {
    for (const gvk of definition['x-kubernetes-group-version-kind'] ?? []) {
      if (!/(List|Options|WatchEvent)$/.test(gvk.kind) && !byKind.has(gvkKey(gvk))) byKind.set(gvkKey(gvk), name);
    }
  }
  const kinds = {};
  for (const kind of KINDS) {
    const name = byKind.get(kind);
    if (!name) throw new Error(`Kubernetes ${minor} does not serve ${kind}`);
    kinds[kind] = name;
  }
  const kept = {};
  for (const name of reachable(definitions, Object.values(kinds))) kept[name] = KUBERNETES_TYPES[name] ?? strict(definitions[name]);
  const document = { kubernetesVersion: minor, source, served: [...byKind.keys()].sort(), kinds, definitions: kept };
  write(`kubernetes/${minor}.json`, document);
}

function vendorCrd(project, crdPath, source) {
  const crd = parseAllDocuments(readFileSync(crdPath, 'utf8'))
    .map((document) => document.toJS())
    .find((document) => document?.kind === 'CustomResourceDefinition');
  if (!crd) throw new Error(`${crdPath} holds no CustomResourceDefinition`);
  const { group, names } = crd.spec;
  const versions = {};
  for (const version of crd.spec.versions.filter((v) => v.served)) {
    const schema = strict(version.schema.openAPIV3Schema);
    // kubernetesSchemas.ts puts the Kubernetes version's ObjectMeta here.
    schema.properties.metadata = { type: 'object' };
    versions[`${group}/${version.name}/${names.kind}`] = schema;
  }
  write(`crds/${project}/${crd.metadata.name}.json`, { source, versions });
}

function write(relative, document) {
  const file = path.join(outDir, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(document, null, 1)}\n`);
  console.log(`Wrote ${path.relative(root, file)}`);
}

const [what, name, input, source] = process.argv.slice(2);
if (!source || !['kubernetes', 'crd'].includes(what)) {
  console.error('Usage: vendorKubernetesSchemas.mjs kubernetes <minor> <swagger.json> <source>');
  console.error('       vendorKubernetesSchemas.mjs crd <project> <crd.yaml> <source>');
  process.exit(2);
}
if (what === 'kubernetes') vendorKubernetes(name, input, source);
else vendorCrd(name, input, source);
