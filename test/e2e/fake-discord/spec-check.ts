// Every request body the bot sends is checked against Discord's own OpenAPI description (vendored in
// ./discord-api-spec with its MIT license; see SOURCE for its commit), as well as the documented limits
// (./limits.ts): a field Discord does not know, a wrong type, a value out of its range is refused as
// Discord refuses it (400, 50035, with the error tree at the field's path). The schemas are JSON
// Schema 2020-12 (OpenAPI 3.1); ajv compiles each operation's schema the first time it is used.
import fs from 'node:fs';
import path from 'node:path';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { FormErrors } from './form-errors.js';

interface Operation {
  regex: RegExp;
  method: string;
  /** JSON pointer of the JSON request body's schema within the document */
  pointer: string;
}

const SPEC_FILE = path.join(import.meta.dirname, 'discord-api-spec', 'openapi.json');
const DOC_ID = 'https://discord.com/openapi.json';

let loaded: { ajv: Ajv2020; operations: Operation[]; compiled: Map<string, ValidateFunction> } | null = null;

const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

function load() {
  if (loaded) return loaded;
  const doc = JSON.parse(fs.readFileSync(SPEC_FILE, 'utf8')) as { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: unknown }> } }>> };
  // OpenAPI keywords beside the schemas (discriminator, example…) and Discord's own formats (snowflake,
  // int64) are not JSON Schema's: not strict about them, formats not checked (the limits check sizes).
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  ajv.addSchema({ ...doc, $id: DOC_ID });
  const operations: Operation[] = [];
  for (const [template, methods] of Object.entries(doc.paths)) {
    const regex = new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);
    for (const [method, op] of Object.entries(methods)) {
      if (!op?.requestBody?.content?.['application/json']?.schema) continue;
      operations.push({ regex, method: method.toUpperCase(), pointer: `#/paths/${escapePointer(template)}/${method}/requestBody/content/application~1json/schema` });
    }
  }
  loaded = { ajv, operations, compiled: new Map() };
  return loaded;
}

/** The routes every bot answer goes through: compiled up front (ajv's first compile of one takes a few
 *  hundred ms of the one thread the fake shares with the bot under test, so compiling them during the
 *  bot's first answer made the fake itself late on a loaded machine). */
const WARM: [string, string][] = [
  ['POST', '/interactions/1/t/callback'],
  ['PATCH', '/webhooks/1/t/messages/@original'],
  ['POST', '/webhooks/1/t'],
  ['POST', '/channels/1/messages'],
  ['PATCH', '/channels/1/messages/2'],
  ['POST', '/users/@me/channels'],
];

export function warmSpec(): void {
  const spec = load();
  for (const [method, apiPath] of WARM) {
    const op = spec.operations.find((o) => o.method === method && o.regex.test(apiPath));
    if (op && !spec.compiled.has(op.pointer)) spec.compiled.set(op.pointer, spec.ajv.compile({ $ref: `${DOC_ID}${op.pointer}` }));
  }
}

/**
 * The problems Discord's description finds in a request's JSON body (or a multipart body's
 * payload_json), as Discord's error tree; null when it conforms or the route has no JSON body.
 */
export function specErrors(method: string, apiPath: string, body: unknown): FormErrors | null {
  if (body === null || body === undefined) return null;
  const spec = load();
  const op = spec.operations.find((o) => o.method === method && o.regex.test(apiPath));
  if (!op) return null;
  let validate = spec.compiled.get(op.pointer);
  if (!validate) {
    validate = spec.ajv.compile({ $ref: `${DOC_ID}${op.pointer}` });
    spec.compiled.set(op.pointer, validate);
  }
  if (validate(body)) return null;
  const errors = new FormErrors();
  for (const e of relevant(validate.errors ?? [])) errors.add(e.instancePath.split('/').filter(Boolean).join('.'), code(e), `${e.message ?? 'invalid'} (Discord's OpenAPI description)`);
  return errors;
}

/** ajv reports every branch of a oneOf/anyOf that failed; the deepest ones say what is wrong. */
function relevant(errors: ErrorObject[]): ErrorObject[] {
  const deepest = Math.max(...errors.map((e) => e.instancePath.split('/').length));
  const leaves = errors.filter((e) => e.instancePath.split('/').length === deepest && e.keyword !== 'oneOf' && e.keyword !== 'anyOf');
  return leaves.length ? leaves : errors;
}

function code(e: ErrorObject): string {
  if (e.keyword === 'maxLength' || e.keyword === 'maxItems') return 'BASE_TYPE_MAX_LENGTH';
  if (e.keyword === 'minLength' || e.keyword === 'minItems') return 'BASE_TYPE_MIN_LENGTH';
  if (e.keyword === 'required') return 'BASE_TYPE_REQUIRED';
  if (e.keyword === 'type') return 'BASE_TYPE_BAD_TYPE';
  if (e.keyword === 'maximum' || e.keyword === 'minimum') return 'NUMBER_TYPE_MAX';
  if (e.keyword === 'enum' || e.keyword === 'const') return 'BASE_TYPE_CHOICES';
  if (e.keyword === 'additionalProperties') return 'UNKNOWN_FIELD';
  return 'BASE_TYPE_INVALID';
}
