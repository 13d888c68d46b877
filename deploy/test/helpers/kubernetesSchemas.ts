import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { ROOT } from './repo.js';

// Offline validation of Kubernetes objects, strict as kubeconform -strict: the vendored JSON
// schemas (deploy/test/schemas/README.md: where they come from, how to refresh them) of the
// built-in kinds per Kubernetes minor, and of the custom resources Vigil's manifests use.

const SCHEMAS = path.join(ROOT, 'deploy/test/schemas');
const OBJECT_META = 'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta';

interface KubernetesSchemas {
  kubernetesVersion: string;
  /** Every `group/version/Kind` (core: `v1/Kind`) that minor serves. */
  served: string[];
  /** The vendored kinds: `group/version/Kind` → its definition's name. */
  kinds: Record<string, string>;
  definitions: Record<string, object>;
}

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'));
const minorOf = (version: string) => Number(version.split('.')[1]);

/** The Kubernetes minors validated against, oldest first: the three newest vendored. */
export function kubernetesVersions(): string[] {
  return readdirSync(path.join(SCHEMAS, 'kubernetes'))
    .filter((file) => /^1\.\d+\.json$/.test(file))
    .map((file) => file.replace(/\.json$/, ''))
    .sort((a, b) => minorOf(a) - minorOf(b))
    .slice(-3);
}

/** Every custom resource's schema, `group/version/Kind` → schema; a CRD does not depend on the Kubernetes minor. */
const crdSchemas: Map<string, object> = (() => {
  const schemas = new Map<string, object>();
  const crds = path.join(SCHEMAS, 'crds');
  for (const project of readdirSync(crds, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
    for (const file of readdirSync(path.join(crds, project.name)).filter((name) => name.endsWith('.json'))) {
      const { versions } = readJson(path.join(crds, project.name, file)) as { versions: Record<string, object> };
      for (const [kind, schema] of Object.entries(versions)) schemas.set(kind, schema);
    }
  }
  return schemas;
})();

interface Validators {
  schemas: KubernetesSchemas;
  ajv: Ajv;
  compiled: Map<string, ValidateFunction>;
}

const byVersion = new Map<string, Validators>();

function validatorsFor(version: string): Validators {
  let validators = byVersion.get(version);
  if (!validators) {
    const schemas = readJson(path.join(SCHEMAS, 'kubernetes', `${version}.json`)) as KubernetesSchemas;
    // Formats are not checked (kubeconform does not either): an int64 is an integer all the same.
    const ajv = new Ajv({ allErrors: true, strict: true, strictTypes: false, strictRequired: false, validateFormats: false });
    ajv.addSchema({ $id: `kubernetes-${version}`, definitions: schemas.definitions });
    validators = { schemas, ajv, compiled: new Map() };
    byVersion.set(version, validators);
  }
  return validators;
}

/** The schema an object of `kind` (`group/version/Kind`) is held to, compiled once per minor; undefined when there is none. */
function validatorFor(version: string, kind: string): ValidateFunction | undefined {
  const { schemas, ajv, compiled } = validatorsFor(version);
  const cached = compiled.get(kind);
  if (cached) return cached;
  const definition = schemas.kinds[kind];
  const crd = crdSchemas.get(kind) as { properties: Record<string, object> } | undefined;
  let schema: object;
  if (definition) schema = { $ref: `kubernetes-${version}#/definitions/${definition}` };
  // A custom resource's metadata is the API server's ObjectMeta, which the CRD leaves open.
  else if (crd)
    schema = { ...crd, properties: { ...crd.properties, metadata: { $ref: `kubernetes-${version}#/definitions/${OBJECT_META}` } } };
  else return undefined;
  const validate = ajv.compile(schema);
  compiled.set(kind, validate);
  return validate;
}

/** Drops properties whose value is null: the API server takes them as unset (`creationTimestamp: null`). */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, field]) => field !== null)
      .map(([key, field]) => [key, withoutNulls(field)]),
  );
}

const inWords = (error: ErrorObject): string => {
  const at = error.instancePath || '/';
  if (error.keyword === 'additionalProperties') return `${at}: unknown field "${error.params.additionalProperty}"`;
  if (error.keyword === 'enum') return `${at}: ${error.message} (${(error.params.allowedValues as unknown[]).join(', ')})`;
  return `${at}: ${error.message}`;
};

/** Ajv's errors in words, one per mistake: an anyOf's branches (IntOrString, Quantity) are folded into its error. */
function allInWords(errors: ErrorObject[]): string[] {
  const anyOfs = errors.filter((error) => error.keyword === 'anyOf');
  const branchOf = (error: ErrorObject) =>
    anyOfs.find(
      (anyOf) => error !== anyOf && error.instancePath === anyOf.instancePath && error.schemaPath.startsWith(`${anyOf.schemaPath}/`),
    );
  return errors.flatMap((error) => {
    if (branchOf(error)) return [];
    if (error.keyword !== 'anyOf') return [inWords(error)];
    const branches = errors.filter((other) => branchOf(other) === error).map((branch) => branch.message);
    return [`${error.instancePath || '/'}: ${branches.join(', or ')}`];
  });
}

/** Every kind with a vendored schema for a minor, `group/version/Kind`: its built-in kinds and every custom resource. */
export function vendoredKinds(version: string): string[] {
  return [...Object.keys(validatorsFor(version).schemas.kinds), ...crdSchemas.keys()];
}

/**
 * What is wrong with a Kubernetes object for a Kubernetes minor (one of kubernetesVersions()),
 * each error naming the object and the field; empty when it is valid. A kind with no vendored
 * schema, or one that minor no longer serves, is an error, never a pass.
 */
export function validateObject(object: unknown, version: string): string[] {
  if (object === null || typeof object !== 'object' || Array.isArray(object)) return ['not an object'];
  const { apiVersion, kind, metadata } = object as { apiVersion?: unknown; kind?: unknown; metadata?: { name?: unknown } };
  if (typeof apiVersion !== 'string' || typeof kind !== 'string') return ['apiVersion and kind must both be strings'];
  const key = `${apiVersion}/${kind}`;
  const name = `${kind} ${typeof metadata?.name === 'string' ? metadata.name : '(no name)'} (${apiVersion})`;
  const validate = validatorFor(version, key);
  if (!validate) {
    const { served } = validatorsFor(version).schemas;
    const group = apiVersion.includes('/') ? `${apiVersion.split('/')[0]}/` : '';
    if (served.includes(key))
      return [`${name}: Kubernetes ${version} serves it, but its schema is not vendored (scripts/vendorKubernetesSchemas.mjs)`];
    // A built-in group's version or kind this minor does not serve: removed (autoscaling/v2beta2) or misspelt.
    if (served.some((servedKind) => (group ? servedKind.startsWith(group) : servedKind.split('/').length === 2))) {
      return [`${name}: Kubernetes ${version} does not serve ${apiVersion} ${kind}`];
    }
    return [`${name}: no schema for this kind (a custom resource needs its CRD in deploy/test/schemas/crds)`];
  }
  if (validate(withoutNulls(object))) return [];
  return allInWords(validate.errors ?? []).map((error) => `${name}: ${error}`);
}
