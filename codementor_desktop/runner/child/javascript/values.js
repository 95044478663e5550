'use strict';
// Values of a JavaScript child, by the Python child's rules (structures.py, compare.py): TreeNode
// and ListNode travel as level-order and plain lists, results are shown as compact JSON, and
// answers are compared by the problem's comparison mode.

// The Python-literal reader is loaded only for test data that is not JSON.
const literals = () => require('./literals.js');

// Taken when the harness loads, before the learner's code runs: a learner who replaces
// JSON.stringify (or Array.isArray, Object.keys, ...) cannot forge or break how a value travels;
// whatever else they patch changes only their own answer, or makes reading it throw (RE).
const stringify = JSON.stringify;
const parseJson = JSON.parse;
const isArray = Array.isArray;
const keysOf = Object.keys;
const arrayFrom = Array.from;
const isFiniteNumber = Number.isFinite;
const isSafeInteger = Number.isSafeInteger;
const toNumber = Number;
const toText = String;
const isView = ArrayBuffer.isView;
const hasOwn = Function.prototype.call.bind(Object.prototype.hasOwnProperty);
const SetType = Set;
const MapType = Map;
const DateType = Date;
const dateIso = Date.prototype.toISOString;

/** Parse `"[2,7,11,15], 9"` (or Python literals, or `"nums = [2,7], target = 9"`) into [args, kwargs]. */
function parseArguments(text) {
  text = String(text || '').trim();
  if (!text) return [[], {}];
  try {
    return [parseJson('[' + text + ']'), {}];
  } catch (_) {
    return literals().parseArguments(text);
  }
}

/** Parse one literal (an expected output). */
function parseValue(text) {
  try {
    return parseJson(toText(text).trim());
  } catch (_) {
    return literals().parseValue(text);
  }
}

class LiteralError extends Error {}

// ---------------------------------------------------------------- structures

class TreeNode {
  constructor(val = 0, left = null, right = null) {
    this.val = val;
    this.left = left;
    this.right = right;
  }
}

class ListNode {
  constructor(val = 0, next = null) {
    this.val = val;
    this.next = next;
  }
}

function isObject(value) {
  return value !== null && typeof value === 'object';
}

// Duck typing: a learner who writes their own TreeNode still gets their tree read back.
function isTree(value) {
  return isObject(value) && 'val' in value && ('left' in value || 'right' in value) && !('next' in value);
}

function isList(value) {
  return isObject(value) && 'val' in value && 'next' in value;
}

function buildTree(values) {
  if (!Array.isArray(values) || !values.length || values[0] === null) return null;
  const root = new TreeNode(values[0]);
  const queue = [root];
  let head = 0;
  let i = 1;
  while (head < queue.length && i < values.length) {
    const node = queue[head++];
    if (i < values.length && values[i] !== null) {
      node.left = new TreeNode(values[i]);
      queue.push(node.left);
    }
    i++;
    if (i < values.length && values[i] !== null) {
      node.right = new TreeNode(values[i]);
      queue.push(node.right);
    }
    i++;
  }
  return root;
}

function treeToList(root, limit = 200000) {
  const out = [];
  const queue = [root];
  let head = 0;
  while (head < queue.length && out.length < limit) {
    const node = queue[head++];
    if (node === null || node === undefined) {
      out.push(null);
      continue;
    }
    out.push(node.val);
    queue.push(node.left === undefined ? null : node.left);
    queue.push(node.right === undefined ? null : node.right);
  }
  while (out.length && out[out.length - 1] === null) out.pop();
  return out;
}

function buildList(values) {
  let head = null;
  for (let i = (values || []).length - 1; i >= 0; i--) head = new ListNode(values[i], head);
  return head;
}

function listToList(head, limit = 200000) {
  const out = [];
  while (head !== null && head !== undefined && out.length < limit) {
    out.push(head.val);
    head = head.next;
  }
  return out;
}

/** Test data -> the argument the function expects, by the declared type. */
function decode(value, type) {
  type = type || '';
  if (type === 'TreeNode' || type === 'Optional[TreeNode]') return buildTree(value);
  if (type === 'ListNode' || type === 'Optional[ListNode]') return buildList(value);
  const inner = /^list\[(TreeNode|ListNode)\]$/.exec(type);
  if (inner && Array.isArray(value)) return value.map((v) => decode(v, inner[1]));
  return value;
}

const NODE_TYPES = new Set(['TreeNode', 'ListNode', 'Optional[TreeNode]', 'Optional[ListNode]']);

/** A function's result -> test data: nodes become lists (no node is [] when one is declared). */
function encode(value, type) {
  if ((value === null || value === undefined) && NODE_TYPES.has(type)) return [];
  if (isTree(value)) return treeToList(value);
  if (isList(value)) return listToList(value);
  if (Array.isArray(value) && value.length && (isTree(value[0]) || isList(value[0]))) return value.map(encode);
  return value;
}

// ---------------------------------------------------------------- JSON view and display

/** Plain JSON data of a result: Sets become sorted lists, Maps objects, odd numbers text. */
function toJsonable(value, depth = 0, seen = new SetType()) {
  if (value === undefined || value === null) return null;
  const kind = typeof value;
  if (kind === 'boolean' || kind === 'string') return value;
  if (kind === 'number') return isFiniteNumber(value) ? value : toText(value);
  if (kind === 'bigint') return isSafeInteger(toNumber(value)) ? toNumber(value) : toText(value);
  if (kind === 'function') return `[Function: ${value.name || 'anonymous'}]`;
  if (kind === 'symbol') return value.toString();
  if (depth > 50) return '...';
  if (seen.has(value)) return '[Circular]';
  seen.add(value);
  try {
    if (isTree(value) || isList(value)) return toJsonable(encode(value), depth + 1, seen);
    if (isArray(value) || isView(value)) return arrayFrom(value, (v) => toJsonable(v, depth + 1, seen));
    if (value instanceof SetType) return sortedValues(arrayFrom(value, (v) => toJsonable(v, depth + 1, seen)));
    if (value instanceof MapType) {
      const out = {};
      for (const [k, v] of value) out[typeof k === 'string' ? k : toText(k)] = toJsonable(v, depth + 1, seen);
      return out;
    }
    if (value instanceof DateType) return dateIso.call(value);
    const out = {};
    for (const key of keysOf(value)) out[key] = toJsonable(value[key], depth + 1, seen);
    return out;
  } finally {
    seen.delete(value);
  }
}

/** Compact JSON text of a value for a person, capped at `limit` characters. */
function show(value, limit = 2000) {
  let text;
  try {
    text = stringify(toJsonable(value));
  } catch (_) {
    text = toText(value);
  }
  if (text === undefined) text = 'null';
  if (text.length > limit) text = text.slice(0, limit) + `... (${text.length} characters)`;
  return text;
}

/**
 * The JSON text of a returned value as the app compares it (nodes as lists, Sets sorted, NaN,
 * Infinity and unsafe BigInts as text, undefined as null): what a test frame carries. Throws
 * when the learner's value cannot be read (a getter or iterator that throws): their RE.
 */
function encodeValue(value, type) {
  const text = stringify(toJsonable(encode(value, type)));
  if (typeof text !== 'string') return 'null';
  return text;
}

// ---------------------------------------------------------------- comparison

const TYPE_RANK = { null: 0, boolean: 1, number: 1, string: 2, array: 3, object: 4 };

function kindOf(value) {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value === 'object' ? 'object' : typeof value;
}

// Any total order works for "unordered": both sides are sorted by the same one.
function order(a, b) {
  const ka = kindOf(a);
  const kb = kindOf(b);
  if (TYPE_RANK[ka] !== TYPE_RANK[kb]) return TYPE_RANK[ka] - TYPE_RANK[kb];
  if (ka === 'null') return 0;
  if (ka === 'number' || ka === 'boolean') return Number(a) - Number(b) || (ka === kb ? 0 : ka < kb ? -1 : 1);
  if (ka === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (ka === 'array') {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const step = order(a[i], b[i]);
      if (step) return step;
    }
    return a.length - b.length;
  }
  const ta = stringify(a, keysOf(a).sort());
  const tb = stringify(b, keysOf(b).sort());
  return ta < tb ? -1 : ta > tb ? 1 : 0;
}

function sortedValues(values) {
  return values.slice().sort(order);
}

function equal(a, b) {
  // true must not pass for 1, nor "1" for 1
  if (typeof a === 'boolean' || typeof b === 'boolean') return a === b;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => equal(x, b[i]));
  }
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.prototype.hasOwnProperty.call(b, k) && equal(a[k], b[k]));
  }
  if (typeof a === 'number' && typeof b === 'number') return a === b || (Number.isNaN(a) && Number.isNaN(b));
  return a === b;
}

function close(a, b, tol = 1e-6) {
  if (typeof a === 'boolean' || typeof b === 'boolean') return a === b;
  if (typeof a === 'number' && typeof b === 'number') {
    if (a === b) return true;
    return Math.abs(a - b) <= Math.max(tol * Math.max(Math.abs(a), Math.abs(b)), tol);
  }
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => close(x, b[i], tol));
  if (isObject(a) && isObject(b) && !Array.isArray(a) && !Array.isArray(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => k in b && close(a[k], b[k], tol));
  }
  return equal(a, b);
}

/** True when `actual` is a right answer for `expected` under the comparison `mode`. */
function same(mode, expected, actual) {
  if (!mode || mode === 'exact' || mode === 'operations') return equal(expected, actual);
  if (mode === 'float_tolerance') return close(expected, actual);
  if (mode === 'unordered') {
    if (!Array.isArray(expected) || !Array.isArray(actual)) return equal(expected, actual);
    return equal(sortedValues(expected), sortedValues(actual));
  }
  if (mode === 'unordered_nested') {
    if (!Array.isArray(expected) || !Array.isArray(actual)) return equal(expected, actual);
    const inner = (items) => sortedValues(items.map((i) => (Array.isArray(i) ? sortedValues(i) : i)));
    return equal(inner(expected), inner(actual));
  }
  if (mode === 'checker') {
    throw new Error("This problem's answers are checked by a Python checker, which the JavaScript runner cannot run; solve it in Python");
  }
  throw new Error(`unknown compare mode ${JSON.stringify(mode)}`);
}

module.exports = {
  LiteralError, parseArguments, parseValue, TreeNode, ListNode, buildTree, treeToList, buildList,
  listToList, decode, encode, toJsonable, show, same, equal, encodeValue, stringify, parseJson,
};
