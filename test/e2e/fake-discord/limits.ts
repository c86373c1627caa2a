// What Discord refuses in what a bot sends: message bodies (content, embeds, components) on every
// route that carries one, modals (callback type 9) and autocomplete choices (type 8). Each check
// adds to a FormErrors tree, answered as 400 / 50035 Invalid Form Body like Discord.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { FormErrors, chars, checkLength, join } from './form-errors.js';

const ACTION_ROW = 1;
const BUTTON = 2;
const TEXT_INPUT = 4;
/** String, user, role, mentionable and channel selects. */
const SELECTS = new Set([3, 5, 6, 7, 8]);
const LABEL = 18;
const TEXT_DISPLAY = 10;
const COMPONENTS_V2 = 1 << 15;

/** Every error in a message body (`prefix` is 'data' inside an interaction callback). Empty when Discord accepts it. */
export function messageErrors(body: any, prefix = ''): FormErrors {
  const errors = new FormErrors();
  const b = body ?? {};
  const at = (key: string | number) => join(prefix, key);
  const v2 = (Number(b.flags ?? 0) & COMPONENTS_V2) !== 0;
  const embeds: any[] = Array.isArray(b.embeds) ? b.embeds : [];
  checkLength(errors, at('content'), b.content, 0, 2000);
  if (embeds.length > 10) errors.add(at('embeds'), 'BASE_TYPE_MAX_LENGTH', 'Must be 10 or fewer in length.');
  let total = 0;
  embeds.forEach((e, i) => {
    const where = join(at('embeds'), i);
    const checks: [string, unknown, number][] = [
      ['title', e?.title, 256],
      ['description', e?.description, 4096],
      ['footer.text', e?.footer?.text, 2048],
      ['author.name', e?.author?.name, 256],
    ];
    const fields: any[] = Array.isArray(e?.fields) ? e.fields : [];
    if (fields.length > 25) errors.add(join(where, 'fields'), 'BASE_TYPE_MAX_LENGTH', 'Must be 25 or fewer in length.');
    fields.forEach((f, j) => {
      checks.push([`fields.${j}.name`, f?.name, 256], [`fields.${j}.value`, f?.value, 1024]);
      if (!chars(f?.name)) errors.add(join(where, `fields.${j}.name`), 'BASE_TYPE_REQUIRED', 'This field is required');
      if (!chars(f?.value)) errors.add(join(where, `fields.${j}.value`), 'BASE_TYPE_REQUIRED', 'This field is required');
    });
    for (const [name, value, max] of checks) {
      total += chars(value);
      checkLength(errors, join(where, name), value, 0, max);
    }
  });
  if (total > 6000) errors.add(at('embeds'), 'MAX_EMBED_SIZE_EXCEEDED', 'Embed size exceeds maximum size of 6000');
  if (v2 && (chars(b.content) || embeds.length)) {
    errors.add(at('content'), 'MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2', "The 'content' and 'embeds' fields cannot be used when using MessageFlags.IS_COMPONENTS_V2");
  }
  if (Array.isArray(b.components)) componentErrors(errors, b.components, v2, at('components'));
  return errors;
}

/** Message components: ≤ 5 action rows (v1) or ≤ 40 components in all (v2), rows of 1–5 buttons or
 *  one select alone, custom_id 1–100 and unique in the message, labels and select options bounded. */
export function componentErrors(errors: FormErrors, components: any[], v2: boolean, path: string): void {
  const seen = new Map<string, string>();
  let count = 0;
  const customId = (c: any, where: string) => {
    checkLength(errors, join(where, 'custom_id'), c?.custom_id, 1, 100);
    if (typeof c?.custom_id !== 'string') return;
    if (seen.has(c.custom_id)) errors.add(join(where, 'custom_id'), 'COMPONENT_CUSTOM_ID_DUPLICATED', 'Component custom id cannot be duplicated');
    seen.set(c.custom_id, where);
  };
  const leaf = (c: any, where: string) => {
    count++;
    if (c?.type === BUTTON) button(errors, c, where, customId);
    else if (SELECTS.has(c?.type)) select(errors, c, where, customId);
  };
  const row = (r: any, where: string) => {
    count++;
    const inner: any[] = Array.isArray(r?.components) ? r.components : [];
    if (inner.length < 1 || inner.length > 5) errors.add(join(where, 'components'), 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 5 in length.');
    if (inner.some((c) => SELECTS.has(c?.type)) && inner.length > 1) {
      errors.add(join(where, 'components'), 'COMPONENT_LAYOUT_WIDTH_EXCEEDED', 'The specified component exceeds the maximum width');
    }
    inner.forEach((c, i) => leaf(c, join(join(where, 'components'), i)));
  };
  // v2 layouts nest rows in containers and buttons in sections; walk them all.
  const node = (c: any, where: string) => {
    if (c?.type === ACTION_ROW) return row(c, where);
    if (Array.isArray(c?.components)) {
      count++;
      c.components.forEach((x: any, i: number) => node(x, join(join(where, 'components'), i)));
      if (c.accessory) leaf(c.accessory, join(where, 'accessory'));
      return;
    }
    if (c?.accessory) {
      count++;
      return leaf(c.accessory, join(where, 'accessory'));
    }
    leaf(c, where);
  };
  if (!v2) {
    if (components.length > 5) errors.add(path, 'BASE_TYPE_MAX_LENGTH', 'Must be 5 or fewer in length.');
    components.forEach((r, i) => {
      if (r?.type !== ACTION_ROW) errors.add(join(join(path, i), 'type'), 'UNION_TYPE_CHOICES', 'Value of field "type" must be one of (1,).');
      else row(r, join(path, i));
    });
    return;
  }
  components.forEach((c, i) => node(c, join(path, i)));
  if (count > 40) errors.add(path, 'COMPONENT_MAX_TOTAL_COMPONENTS_EXCEEDED', 'The maximum number of components (40) was exceeded');
}

function button(errors: FormErrors, c: any, where: string, customId: (c: any, where: string) => void): void {
  const style = Number(c.style);
  if (!(style >= 1 && style <= 6)) errors.add(join(where, 'style'), 'BASE_TYPE_CHOICES', 'Value must be one of (1, 2, 3, 4, 5, 6).');
  if (style === 5) {
    if (typeof c.url !== 'string' || !c.url) errors.add(join(where, 'url'), 'BASE_TYPE_REQUIRED', 'This field is required');
    if (c.custom_id !== undefined) errors.add(join(where, 'custom_id'), 'BUTTON_CANNOT_HAVE_CUSTOM_ID', 'A link button cannot have a custom id');
  } else if (style !== 6) {
    customId(c, where);
  }
  checkLength(errors, join(where, 'label'), c.label, 0, 80);
  if (style !== 6 && !chars(c.label) && !c.emoji) errors.add(join(where, 'label'), 'BUTTON_LABEL_OR_EMOJI_REQUIRED', 'A button must have a label or an emoji');
}

function select(errors: FormErrors, c: any, where: string, customId: (c: any, where: string) => void): void {
  customId(c, where);
  checkLength(errors, join(where, 'placeholder'), c.placeholder, 0, 150);
  if (c.min_values !== undefined && !(Number.isInteger(c.min_values) && c.min_values >= 0 && c.min_values <= 25)) {
    errors.add(join(where, 'min_values'), 'NUMBER_TYPE_MAX', 'int value should be between 0 and 25.');
  }
  if (c.max_values !== undefined && !(Number.isInteger(c.max_values) && c.max_values >= 1 && c.max_values <= 25)) {
    errors.add(join(where, 'max_values'), 'NUMBER_TYPE_MAX', 'int value should be between 1 and 25.');
  }
  if (c.type !== 3) return;
  const options: any[] = Array.isArray(c.options) ? c.options : [];
  if (options.length < 1 || options.length > 25) errors.add(join(where, 'options'), 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 25 in length.');
  const values = new Set<string>();
  options.forEach((o, j) => {
    const at = join(join(where, 'options'), j);
    checkLength(errors, join(at, 'label'), o?.label, 1, 100);
    checkLength(errors, join(at, 'value'), o?.value, 1, 100);
    checkLength(errors, join(at, 'description'), o?.description, 0, 100);
    if (values.has(o?.value)) errors.add(join(at, 'value'), 'SELECT_COMPONENT_OPTION_VALUE_DUPLICATED', 'Select component option values must be unique');
    values.add(o?.value);
  });
}

/** A modal (callback type 9 `data`): custom_id 1–100, title 1–45, 1–5 rows each holding one text input
 *  (or Label components wrapping one), labels 1–45, lengths ≤ 4000, placeholder ≤ 100. */
export function modalErrors(data: any): FormErrors {
  const errors = new FormErrors();
  checkLength(errors, 'data.custom_id', data?.custom_id, 1, 100);
  checkLength(errors, 'data.title', data?.title, 1, 45);
  const rows: any[] = Array.isArray(data?.components) ? data.components : [];
  if (rows.length < 1 || rows.length > 5) errors.add('data.components', 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 5 in length.');
  const seen = new Set<string>();
  rows.forEach((r, i) => {
    const where = `data.components.${i}`;
    if (r?.type === TEXT_DISPLAY) return;
    if (r?.type === LABEL) {
      checkLength(errors, `${where}.label`, r.label, 1, 45);
      checkLength(errors, `${where}.description`, r.description, 0, 100);
      return modalInput(errors, r.component, `${where}.component`, seen, false);
    }
    if (r?.type !== ACTION_ROW) return errors.add(`${where}.type`, 'UNION_TYPE_CHOICES', 'Value of field "type" must be one of (1, 10, 18).');
    const inner: any[] = Array.isArray(r.components) ? r.components : [];
    if (inner.length !== 1) errors.add(`${where}.components`, 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 1 in length.');
    inner.forEach((c, j) => modalInput(errors, c, `${where}.components.${j}`, seen, true));
  });
  return errors;
}

function modalInput(errors: FormErrors, c: any, where: string, seen: Set<string>, inRow: boolean): void {
  checkLength(errors, `${where}.custom_id`, c?.custom_id, 1, 100);
  if (typeof c?.custom_id === 'string') {
    if (seen.has(c.custom_id)) errors.add(`${where}.custom_id`, 'COMPONENT_CUSTOM_ID_DUPLICATED', 'Component custom id cannot be duplicated');
    seen.add(c.custom_id);
  }
  if (c?.type !== TEXT_INPUT) {
    if (inRow || !SELECTS.has(c?.type)) errors.add(`${where}.type`, 'UNION_TYPE_CHOICES', 'Value of field "type" must be one of (4,).');
    return;
  }
  if (inRow) checkLength(errors, `${where}.label`, c.label, 1, 45);
  if (c.style !== 1 && c.style !== 2) errors.add(`${where}.style`, 'BASE_TYPE_CHOICES', 'Value must be one of (1, 2).');
  const bounded = (key: string, min: number) => {
    const v = c[key];
    if (v !== undefined && !(Number.isInteger(v) && v >= min && v <= 4000)) errors.add(`${where}.${key}`, 'NUMBER_TYPE_MAX', `int value should be between ${min} and 4000.`);
  };
  bounded('min_length', 0);
  bounded('max_length', 1);
  if (Number.isInteger(c.min_length) && Number.isInteger(c.max_length) && c.min_length > c.max_length) {
    errors.add(`${where}.min_length`, 'BASE_TYPE_BAD_INT', 'min_length must not exceed max_length');
  }
  checkLength(errors, `${where}.value`, c.value, 0, Number.isInteger(c.max_length) ? Math.min(c.max_length, 4000) : 4000);
  checkLength(errors, `${where}.placeholder`, c.placeholder, 0, 100);
}

/** Autocomplete choices (callback type 8): ≤ 25, names 1–100, string values ≤ 100. */
export function choiceErrors(data: any): FormErrors {
  const errors = new FormErrors();
  const choices: any[] = Array.isArray(data?.choices) ? data.choices : [];
  if (choices.length > 25) errors.add('data.choices', 'BASE_TYPE_MAX_LENGTH', 'Must be 25 or fewer in length.');
  choices.forEach((c, i) => {
    checkLength(errors, `data.choices.${i}.name`, c?.name, 1, 100);
    if (c?.value === undefined || c?.value === null) errors.add(`data.choices.${i}.value`, 'BASE_TYPE_REQUIRED', 'This field is required');
    else if (typeof c.value === 'string') checkLength(errors, `data.choices.${i}.value`, c.value, 0, 100);
  });
  return errors;
}
