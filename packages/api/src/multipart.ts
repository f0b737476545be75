type FormValue = string | number | boolean | bigint | Date | Blob | null | undefined;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

function appendValue(form: FormData, name: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (value instanceof Blob) {
    form.append(name, value);
  } else if (value instanceof Date) {
    form.append(name, value.toISOString());
  } else if (Array.isArray(value)) {
    // spec 1 §7: arrays are sent as name[index] parts.
    value.forEach((item, index) => appendValue(form, `${name}[${index}]`, item));
  } else if (isPlainObject(value)) {
    for (const [key, nested] of Object.entries(value)) appendValue(form, `${name}.${key}`, nested);
  } else {
    form.append(name, String(value as FormValue));
  }
}

/**
 * Serialises a body as multipart/form-data (products, users): files as file parts, arrays as
 * `name[index]` parts, nested objects as `name.key`, dates as ISO text; null and undefined are left out.
 */
export function toFormData(body: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) appendValue(form, name, value);
  return form;
}

/** openapi-fetch `bodySerializer` for multipart calls: `POST(path, { body, bodySerializer: multipartBodySerializer })`. */
export function multipartBodySerializer(body: unknown): FormData {
  if (body instanceof FormData) return body;
  if (!isPlainObject(body)) throw new TypeError('A multipart body must be a plain object.');
  return toFormData(body);
}
