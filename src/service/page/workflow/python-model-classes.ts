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

const isPythonName = (name: string) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(name);

class ClassWriter {
  readonly classes: string[] = [];
  private readonly taken = new Set<string>();

  /** Writes the class for an object schema (after the classes it uses) and returns its name. */
  objectClass(schema: JsonSchema, wanted: string): string {
    const name = this.freeName(wanted);
    this.taken.add(name);
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const fields = Object.entries(properties)
      .filter(([field]) => isPythonName(field))
      .map(([field, fieldSchema]) => `    ${field}: ${this.typeOf(fieldSchema, field)} | None = None`);
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

  private freeName(wanted: string): string {
    let name = wanted;
    for (let n = 2; this.taken.has(name); n += 1) name = `${wanted}${n}`;
    return name;
  }

  reserve(name: string): void {
    this.taken.add(name);
  }
}

/** The class definitions, `Model` last; `usesAny` tells whether `typing.Any` must be imported. */
export function pythonModelClasses(responseFormat: JsonSchema): { code: string; usesAny: boolean } {
  const writer = new ClassWriter();
  writer.reserve('Model');
  // A list at the top becomes `Model.items`, the shape the SDK's scrape returns for lists.
  const top =
    responseFormat.type === 'array'
      ? { type: 'object', properties: { items: responseFormat } }
      : responseFormat;
  const properties = (top.properties ?? {}) as Record<string, JsonSchema>;
  const fields = Object.entries(properties)
    .filter(([field]) => isPythonName(field))
    .map(([field, schema]) => `    ${field}: ${writer.typeOf(schema, field)} | None = None`);
  const model = `class Model(BaseModel):\n${fields.length > 0 ? fields.join('\n') : '    pass'}\n`;
  const code = [...writer.classes, model].join('\n\n');
  return { code, usesAny: /\bAny\b/.test(code) };
}
