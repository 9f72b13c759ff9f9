import { pythonLiteral } from './python-literal';

/**
 * Pydantic model classes for a scrape's `response_format` (JSON Schema): every field optional
 * (`type | None = None`), nested objects as their own classes, the top-level class named `Model`.
 */

type JsonSchema = Record<string, unknown>;

const pascalCase = (name: string) =>
  name
    .replace(/[^A-Za-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('') || 'Item';

/** `items` → `Item`, `people` stays: a class names one element of a list. */
const singular = (name: string) => (name.endsWith('ies') ? `${name.slice(0, -3)}y` : name.replace(/s$/, ''));

const PRIMITIVES: Record<string, string> = {
  string: 'str',
  integer: 'int',
  number: 'float',
  boolean: 'bool',
};

const PYTHON_KEYWORDS = new Set(
  (
    'False None True and as assert async await break class continue def del elif else except finally for from ' +
    'global if import in is lambda nonlocal not or pass raise return try while with yield'
  ).split(' '),
);

/**
 * One field line per JSON property. A property that is no Python attribute name (`from`, `first-name`, `_id`:
 * a leading underscore makes a pydantic private attribute, not a field) gets a safe name and keeps its JSON name
 * as the pydantic alias, so the data still validates and the schema sent on replay still asks for that name.
 */
function fieldLines(
  properties: Record<string, JsonSchema>,
  typeOf: (schema: JsonSchema, field: string) => string,
) {
  const taken = new Set<string>();
  return Object.entries(properties).map(([property, schema]) => {
    const name = freeName(pythonFieldName(property), taken);
    taken.add(name);
    const type = `${typeOf(schema, property)} | None`;
    return name === property
      ? `    ${name}: ${type} = None`
      : `    ${name}: ${type} = Field(default=None, alias=${pythonLiteral(property)})`;
  });
}

function pythonFieldName(property: string): string {
  const name = property.replace(/[^A-Za-z0-9_]+/g, '_').replace(/^_+/, '');
  if (!name || /^[0-9]/.test(name)) return `field_${name}`;
  return PYTHON_KEYWORDS.has(name) ? `${name}_` : name;
}

function freeName(wanted: string, taken: ReadonlySet<string>): string {
  let name = wanted;
  for (let n = 2; taken.has(name); n += 1) name = `${wanted}${n}`;
  return name;
}

class ClassWriter {
  readonly classes: string[] = [];
  private readonly taken = new Set<string>();

  /** Writes the class for an object schema (after the classes it uses) and returns its name. */
  objectClass(schema: JsonSchema, wanted: string): string {
    const name = freeName(wanted, this.taken);
    this.taken.add(name);
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const fields = fieldLines(properties, (fieldSchema, field) => this.typeOf(fieldSchema, field));
    this.classes.push(`class ${name}(BaseModel):\n${fields.length > 0 ? fields.join('\n') : '    pass'}\n`);
    return name;
  }

  typeOf(schema: JsonSchema, field: string): string {
    const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
    if (typeof type === 'string' && PRIMITIVES[type]) return PRIMITIVES[type];
    if (type === 'array') {
      const items = (schema.items ?? {}) as JsonSchema;
      return `list[${this.typeOf(items, singular(field))}]`;
    }
    if (type === 'object' || schema.properties) return this.objectClass(schema, pascalCase(field));
    return 'Any';
  }

  reserve(name: string): void {
    this.taken.add(name);
  }
}

/** The class definitions, `Model` last; `usesAny` and `usesField` tell what must be imported. */
export function pythonModelClasses(responseFormat: JsonSchema): {
  code: string;
  usesAny: boolean;
  usesField: boolean;
} {
  const writer = new ClassWriter();
  // Class names the program already uses: the top-level class, its imports and the constants (keywords).
  for (const name of ['Model', 'BaseModel', 'Field', 'Any', 'None', 'True', 'False']) writer.reserve(name);
  // A list at the top becomes `Model.items`, the shape the SDK's scrape returns for lists.
  const top =
    responseFormat.type === 'array'
      ? { type: 'object', properties: { items: responseFormat } }
      : responseFormat;
  const properties = (top.properties ?? {}) as Record<string, JsonSchema>;
  const fields = fieldLines(properties, (schema, field) => writer.typeOf(schema, field));
  const model = `class Model(BaseModel):\n${fields.length > 0 ? fields.join('\n') : '    pass'}\n`;
  const code = [...writer.classes, model].join('\n\n');
  return { code, usesAny: /\bAny\b/.test(code), usesField: /= Field\(/.test(code) };
}
