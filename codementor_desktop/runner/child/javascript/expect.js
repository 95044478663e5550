'use strict';
// A Jest-style `expect` with the common matchers, for learners' own tests (bp_run_tests).
// A failed expectation throws an AssertionError whose message shows both values, as Jest does;
// a matcher this layer does not have says so instead of "is not a function".

const util = require('util');

const MATCHERS = [
  'toBe', 'toEqual', 'toStrictEqual', 'toBeTruthy', 'toBeFalsy', 'toBeNull', 'toBeUndefined',
  'toBeDefined', 'toBeNaN', 'toContain', 'toContainEqual', 'toHaveLength', 'toThrow', 'toThrowError',
  'toBeCloseTo', 'toBeGreaterThan', 'toBeGreaterThanOrEqual', 'toBeLessThan', 'toBeLessThanOrEqual',
  'toMatch', 'toHaveProperty', 'toBeInstanceOf', 'not', 'resolves', 'rejects',
];

class NotSupportedHere extends Error {
  constructor(message) {
    super(message);
    this.name = 'NotSupportedHere';
  }
}

class ExpectationFailed extends Error {
  constructor(message) {
    super(message);
    this.name = 'AssertionError';
    this.code = 'ERR_ASSERTION';
  }
}

function show(value) {
  return util.inspect(value, { depth: 6, breakLength: Infinity, maxArrayLength: 50, maxStringLength: 500 });
}

class Asymmetric {
  constructor(test, text) {
    this.test = test;
    this.text = text;
  }

  [util.inspect.custom]() {
    return this.text;
  }
}

function typeTag(value) {
  return Object.prototype.toString.call(value);
}

/** Jest's equality: recursive; `strict` also checks undefined properties, sparseness and classes. */
function equals(a, b, strict, seen = []) {
  if (a instanceof Asymmetric) return a.test(b);
  if (b instanceof Asymmetric) return b.test(a);
  if (Object.is(a, b)) return true;
  if (typeof a === 'number' && typeof b === 'number') return !strict && a === b; // 0 and -0
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (typeTag(a) !== typeTag(b)) return false;
  if (strict && Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (seen.some(([x, y]) => x === a && y === b)) return true;
  seen = seen.concat([[a, b]]);
  if (a instanceof Date) return a.getTime() === b.getTime();
  if (a instanceof RegExp) return String(a) === String(b);
  if (a instanceof Map) {
    if (a.size !== b.size) return false;
    for (const [k, v] of a) if (!b.has(k) || !equals(v, b.get(k), strict, seen)) return false;
    return true;
  }
  if (a instanceof Set) {
    if (a.size !== b.size) return false;
    for (const v of a) if (!b.has(v) && ![...b].some((w) => equals(v, w, strict, seen))) return false;
    return true;
  }
  if (Array.isArray(a)) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) {
      if (strict && (i in a) !== (i in b)) return false;
      if (!equals(a[i], b[i], strict, seen)) return false;
    }
    return true;
  }
  const keys = (o) => Object.keys(o).filter((k) => strict || o[k] !== undefined);
  const ka = keys(a);
  const kb = keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && equals(a[k], b[k], strict, seen));
}

function describeThrown(value) {
  return value instanceof Error ? `${value.name}: ${value.message}` : show(value);
}

/** The checks, each returning [pass, message(negated)]. */
const CHECKS = {
  toBe: (r, e) => [Object.is(r, e), (not) => `expect(received).${not}toBe(expected) // Object.is equality\n\nExpected: ${not}${show(e)}\nReceived: ${show(r)}` +
    (!not && equals(r, e, false) ? '\n\nThe values have the same contents: use toEqual to compare contents.' : '')],
  toEqual: (r, e) => [equals(r, e, false), (not) => `expect(received).${not}toEqual(expected) // deep equality\n\nExpected: ${not}${show(e)}\nReceived: ${show(r)}`],
  toStrictEqual: (r, e) => [equals(r, e, true), (not) => `expect(received).${not}toStrictEqual(expected)\n\nExpected: ${not}${show(e)}\nReceived: ${show(r)}`],
  toBeTruthy: (r) => [Boolean(r), (not) => `expect(received).${not}toBeTruthy()\n\nReceived: ${show(r)}`],
  toBeFalsy: (r) => [!r, (not) => `expect(received).${not}toBeFalsy()\n\nReceived: ${show(r)}`],
  toBeNull: (r) => [r === null, (not) => `expect(received).${not}toBeNull()\n\nReceived: ${show(r)}`],
  toBeUndefined: (r) => [r === undefined, (not) => `expect(received).${not}toBeUndefined()\n\nReceived: ${show(r)}`],
  toBeDefined: (r) => [r !== undefined, (not) => `expect(received).${not}toBeDefined()\n\nReceived: ${show(r)}`],
  toBeNaN: (r) => [Number.isNaN(r), (not) => `expect(received).${not}toBeNaN()\n\nReceived: ${show(r)}`],
  toContain: (r, e) => [
    r !== null && r !== undefined && typeof r.includes === 'function' ? r.includes(e) : r instanceof Set ? r.has(e) : false,
    (not) => `expect(received).${not}toContain(expected)\n\nExpected value: ${not}${show(e)}\nReceived: ${show(r)}`,
  ],
  toContainEqual: (r, e) => [
    Array.from(r || []).some((item) => equals(item, e, false)),
    (not) => `expect(received).${not}toContainEqual(expected)\n\nExpected value: ${not}${show(e)}\nReceived: ${show(r)}`,
  ],
  toHaveLength: (r, e) => [
    r !== null && r !== undefined && r.length === e,
    (not) => `expect(received).${not}toHaveLength(expected)\n\nExpected length: ${not}${e}\nReceived length: ${r === null || r === undefined ? r : r.length}\nReceived: ${show(r)}`,
  ],
  toBeCloseTo: (r, e, digits = 2) => {
    const pass = (r === Infinity && e === Infinity) || (r === -Infinity && e === -Infinity) || Math.abs(e - r) < Math.pow(10, -digits) / 2;
    return [pass, (not) => `expect(received).${not}toBeCloseTo(expected, ${digits})\n\nExpected: ${not}${show(e)}\nReceived: ${show(r)}\nDifference: ${show(Math.abs(e - r))}`];
  },
  toBeGreaterThan: (r, e) => [r > e, (not) => `expect(received).${not}toBeGreaterThan(expected)\n\nExpected: ${not}> ${show(e)}\nReceived: ${show(r)}`],
  toBeGreaterThanOrEqual: (r, e) => [r >= e, (not) => `expect(received).${not}toBeGreaterThanOrEqual(expected)\n\nExpected: ${not}>= ${show(e)}\nReceived: ${show(r)}`],
  toBeLessThan: (r, e) => [r < e, (not) => `expect(received).${not}toBeLessThan(expected)\n\nExpected: ${not}< ${show(e)}\nReceived: ${show(r)}`],
  toBeLessThanOrEqual: (r, e) => [r <= e, (not) => `expect(received).${not}toBeLessThanOrEqual(expected)\n\nExpected: ${not}<= ${show(e)}\nReceived: ${show(r)}`],
  toMatch: (r, e) => [
    typeof r === 'string' && (e instanceof RegExp ? e.test(r) : r.includes(String(e))),
    (not) => `expect(received).${not}toMatch(expected)\n\nExpected pattern: ${not}${show(e)}\nReceived string: ${show(r)}`,
  ],
  toBeInstanceOf: (r, e) => [
    r instanceof e,
    (not) => `expect(received).${not}toBeInstanceOf(expected)\n\nExpected constructor: ${not}${e && e.name}\nReceived: ${show(r)}`,
  ],
  toHaveProperty: (r, keyPath, ...rest) => {
    const keys = Array.isArray(keyPath) ? keyPath : String(keyPath).split('.');
    let value = r;
    let has = true;
    for (const key of keys) {
      if (value === null || value === undefined || !(key in Object(value))) {
        has = false;
        break;
      }
      value = value[key];
    }
    const pass = has && (rest.length === 0 || equals(value, rest[0], false));
    return [pass, (not) => `expect(received).${not}toHaveProperty(path${rest.length ? ', value' : ''})\n\nExpected path: ${show(keyPath)}` +
      (rest.length ? `\nExpected value: ${not}${show(rest[0])}` : '') + `\nReceived: ${show(r)}`];
  },
  toThrow: (r, expected) => {
    if (typeof r !== 'function') return [false, () => `expect(received).toThrow()\n\nReceived value must be a function: ${show(r)}`];
    let thrown = null;
    let threw = false;
    try {
      r();
    } catch (error) {
      threw = true;
      thrown = error;
    }
    let pass = threw;
    if (threw && expected !== undefined) {
      const message = thrown instanceof Error ? thrown.message : String(thrown);
      if (typeof expected === 'function') pass = thrown instanceof expected;
      else if (expected instanceof RegExp) pass = expected.test(message);
      else if (expected instanceof Error) pass = message === expected.message;
      else pass = message.includes(String(expected));
    }
    const wanted = expected === undefined ? '' : typeof expected === 'function' ? expected.name : show(expected);
    return [pass, (not) => `expect(received).${not}toThrow(${wanted})\n\n` + (threw ? `Thrown: ${describeThrown(thrown)}` : 'Received function did not throw')];
  },
};
CHECKS.toThrowError = CHECKS.toThrow;

function unsupported(name) {
  return new NotSupportedHere(
    `expect(...).${String(name)} is not supported here: the tests run on a small Jest-compatible layer ` +
      `(matchers: ${MATCHERS.join(', ')}).`,
  );
}

function matchers(received, negated, mode) {
  const target = {};
  for (const name of Object.keys(CHECKS)) {
    target[name] = (...args) => {
      const run = (value) => {
        const [pass, message] = CHECKS[name](value, ...args);
        if (pass === negated) throw new ExpectationFailed(message(negated ? 'not.' : ''));
      };
      if (mode === 'resolves') return Promise.resolve(received).then(run);
      if (mode === 'rejects') {
        return Promise.resolve(received).then(
          (value) => {
            throw new ExpectationFailed(`expect(received).rejects.${name}()\n\nReceived promise resolved instead of rejected\nResolved to value: ${show(value)}`);
          },
          (reason) => run(name === 'toThrow' || name === 'toThrowError' ? () => { throw reason; } : reason),
        );
      }
      return run(received);
    };
  }
  return new Proxy(target, {
    get(object, key) {
      if (key === 'not') return matchers(received, !negated, mode);
      if (key === 'resolves' || key === 'rejects') return matchers(received, negated, key);
      if (key in object || typeof key === 'symbol' || key === 'then') return object[key];
      throw unsupported(key);
    },
  });
}

function expect(received) {
  return matchers(received, false, null);
}
expect.anything = () => new Asymmetric((v) => v !== null && v !== undefined, 'Anything');
expect.any = (type) =>
  new Asymmetric((v) => {
    if (type === Number) return typeof v === 'number' || v instanceof Number;
    if (type === String) return typeof v === 'string' || v instanceof String;
    if (type === Boolean) return typeof v === 'boolean' || v instanceof Boolean;
    if (type === Function) return typeof v === 'function';
    return v instanceof type;
  }, `Any<${type && type.name}>`);
expect.arrayContaining = (items) =>
  new Asymmetric((v) => Array.isArray(v) && items.every((i) => v.some((x) => equals(x, i, false))), `ArrayContaining ${show(items)}`);
expect.stringContaining = (text) => new Asymmetric((v) => typeof v === 'string' && v.includes(text), `StringContaining ${show(text)}`);
expect.closeTo = (number, digits = 2) => new Asymmetric((v) => Math.abs(number - v) < Math.pow(10, -digits) / 2, `NumberCloseTo ${number}`);
expect.assertions = () => {};
expect.hasAssertions = () => {};

/** `jest` itself (mocks, timers) is not here: any use of it says so. */
const jest = new Proxy({}, {
  get(_, key) {
    if (typeof key === 'symbol' || key === 'then') return undefined;
    throw new NotSupportedHere(`jest.${String(key)} is not supported here: the tests run on Node's test runner with a small Jest-compatible expect (no mocks or fake timers).`);
  },
});

module.exports = { expect, jest, equals, NotSupportedHere, ExpectationFailed, MATCHERS };
