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

// Formats are not checked (kubeconform does not either): an int64 is an integer all the same.
// Ajv's code optimisation is off: it cost a quarter of the compile time and saves nothing here.
const newAjv = () =>
  new Ajv({ code: { optimize: false }, allErrors: true, strict: true, strictTypes: false, strictRequired: false, validateFormats: false });

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
    const ajv = newAjv();
    ajv.addSchema({ $id: `kubernetes-${version}`, definitions: schemas.definitions });
    validators = { schemas, ajv, compiled: new Map() };
    byVersion.set(version, validators);
  }
  return validators;
}

/** A definition of a minor (a kind's, or ObjectMeta), compiled once. */
function definitionValidator(version: string, definition: string): ValidateFunction {
  const { ajv, compiled } = validatorsFor(version);
  let validate = compiled.get(definition);
  if (!validate) {
    validate = ajv.compile({ $ref: `kubernetes-${version}#/definitions/${definition}` });
    compiled.set(definition, validate);
  }
  return validate;
}

// A custom resource's schema is the same whatever the minor: compiled once (the CRD's own
// metadata is left open; validateObject checks it against the minor's ObjectMeta).
const crdAjv = newAjv();
const crdValidators = new Map<string, ValidateFunction>();

function crdValidator(kind: string): ValidateFunction | undefined {
  const schema = crdSchemas.get(kind);
  if (!schema) return undefined;
  let validate = crdValidators.get(kind);
  if (!validate) {
    validate = crdAjv.compile(schema);
    crdValidators.set(kind, validate);
  }
  return validate;
}

/** The validations an object of `kind` (`group/version/Kind`) goes through on a minor; none when it has no schema. */
function validationsFor(
  version: string,
  kind: string,
): { validate: ValidateFunction; part: (object: Record<string, unknown>) => unknown; at: string }[] {
  const definition = validatorsFor(version).schemas.kinds[kind];
  if (definition) return [{ validate: definitionValidator(version, definition), part: (object) => object, at: '' }];
  const crd = crdValidator(kind);
  if (!crd) return [];
  return [
    { validate: crd, part: (object) => object, at: '' },
    { validate: definitionValidator(version, OBJECT_META), part: (object) => object.metadata ?? {}, at: '/metadata' },
  ];
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
  const validations = validationsFor(version, key);
  if (!validations.length) {
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
  const checked = withoutNulls(object) as Record<string, unknown>;
  const errors = validations.flatMap(({ validate, part, at }) =>
    validate(part(checked)) ? [] : (validate.errors ?? []).map((error) => ({ ...error, instancePath: at + error.instancePath })),
  );
  return allInWords(errors).map((error) => `${name}: ${error}`);
}
