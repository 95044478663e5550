'use strict';
// The heap of a JavaScript trace: the Python child's heap.py rules, in Node.
//
// Numbers, short strings, booleans and null are written inline. Arrays (as "list"), plain
// objects (as "dict", or as an "object" when node-like: {val, next}, {val, left, right}), Maps,
// Sets and class instances become heap objects with a small integer id, so that two variables
// holding the same array show the same id (aliasing) and a change made through either shows on
// that id (mutation). Every encoding is bounded: maxItems items a container, maxObjects new
// objects per value, maxChars characters a string; where something was cut it says so
// ("cut": true, or {"cut": "TypeName"} in place of an object that was not encoded).
//
// Nothing here calls the learner's code: properties are read through their descriptors (a getter
// is shown as such, never run), and nothing is converted with toString or valueOf. An array that
// grew or shrank at its end, or changed in place, is sent as a patch ({"length", "append"} or
// {"set"}); anything else that changed is sent whole. The heap holds what it met until the end
// of the trace (unlike Python's, which lets go of what the program dropped).

const INT_LIMIT = 1e15;
const objectProto = Object.prototype;
const getProto = Object.getPrototypeOf;
const ownKeys = Object.keys;
const describe = Object.getOwnPropertyDescriptor;
const isArray = Array.isArray;
const fnText = Function.prototype.toString;
const isProxy = (() => {
  try {
    return require('util').types.isProxy;
  } catch (_) {
    return () => false;
  }
})();
const NODE_KEYS = ['next', 'left', 'right', 'children', 'neighbors'];

function nodeLike(keys) {
  return keys.some((k) => NODE_KEYS.includes(k)) && keys.some((k) => k === 'val' || k === 'value' || k === 'key' || k === 'data');
}

/** A label for what is not drawn as data: functions, classes, errors, dates, other built-ins. */
function label(v) {
  const t = typeof v;
  if (t === 'function') {
    let text = '';
    try {
      text = fnText.call(v);
    } catch (_) {
      // a revoked proxy
    }
    const name = (describe(v, 'name') || {}).value || 'anonymous';
    if (/^class[\s{]/.test(text)) return { type: 'class', repr: `class ${name}` };
    return { type: 'function', repr: `${name}()` };
  }
  if (t === 'symbol') return { type: 'symbol', repr: String(v.description === undefined ? 'Symbol()' : `Symbol(${v.description})`) };
  if (v instanceof Error) {
    const name = (describe(v, 'name') || describe(getProto(v) || {}, 'name') || {}).value || 'Error';
    const message = (describe(v, 'message') || {}).value;
    return { type: 'exception', repr: `${name}(${typeof message === 'string' ? JSON.stringify(message.slice(0, 150)) : ''})` };
  }
  const proto = getProto(v);
  const ctor = proto && describe(proto, 'constructor');
  const name = (ctor && typeof ctor.value === 'function' && ctor.value.name) || 'object';
  return { type: name, repr: `<${name} object>` };
}

class Heap {
  constructor(maxItems = 100, patches = true, maxObjects = 400, maxChars = 200) {
    this.maxItems = maxItems;
    this.maxObjects = maxObjects;
    this.maxChars = maxChars;
    this.patches = patches;
    this.ids = new Map(); // object -> heap id
    this.objects = []; // heap id -> object
    this.shape = []; // heap id -> "seq", "dict", "map", "set", "obj"
    this.sigs = []; // heap id -> [length, items or keys, values] as last encoded
    this.kids = []; // heap id -> heap ids it referred to
    this.delta = null; // heap id -> encoding or patch, since the last take()
    this.latest = patches ? null : {}; // heap id -> full encoding (without patches)
    this.budget = 0;
    this.pending = [];
  }

  /** The encoding of one value: inline, or {ref: id} (encoding the object if new). */
  value(v) {
    const t = typeof v;
    if (t === 'number' && v > -INT_LIMIT && v < INT_LIMIT) return Object.is(v, -0) ? 0 : v;
    if (v === null || t === 'boolean') return v;
    if (t === 'string' && v.length <= this.maxChars) return v;
    this.budget = this.maxObjects;
    const out = this.item(v, null);
    if (this.pending.length) this.drain();
    return out;
  }

  /** The encoding of a value already held by a frame: rechecks it if it is a heap object. */
  encode(v) {
    const hid = (typeof v === 'object' && v !== null) ? this.ids.get(v) : undefined;
    if (hid !== undefined) {
      this.recheck(hid);
      return { ref: hid };
    }
    return this.value(v);
  }

  take() {
    const delta = this.delta;
    this.delta = null;
    return delta;
  }

  item(v, kids) {
    const t = typeof v;
    if (t === 'number') {
      if (v > -INT_LIMIT && v < INT_LIMIT) return Object.is(v, -0) ? 0 : v;
      if (Number.isInteger(v)) return { type: 'int', repr: String(v) };
      return { type: 'float', repr: Number.isNaN(v) ? 'NaN' : String(v) };
    }
    if (v === null || t === 'boolean') return v;
    if (t === 'string') return v.length <= this.maxChars ? v : { type: 'str', value: v.slice(0, this.maxChars), length: v.length, cut: true };
    if (t === 'undefined') return { type: 'undefined', repr: 'undefined' };
    if (t === 'bigint') return { type: 'int', repr: `${String(v)}n` };
    if (t !== 'object') return label(v);
    let hid = this.ids.get(v);
    if (hid === undefined) {
      const shape = shapeOf(v);
      if (shape === null) return label(v);
      if (this.budget <= 0) return { cut: shape === 'seq' ? 'list' : 'object' };
      this.budget -= 1;
      hid = this.objects.length;
      this.ids.set(v, hid);
      this.objects.push(v);
      this.shape.push(shape);
      this.sigs.push(null);
      this.kids.push(null);
      this.pending.push(hid);
    }
    if (kids !== null) kids.add(hid);
    return { ref: hid };
  }

  drain() {
    // Breadth first, so a long linked list or a deep tree is cut at its far end.
    const pending = this.pending;
    for (let i = 0; i < pending.length; i++) this.full(pending[i]);
    pending.length = 0;
  }

  put(hid, encoding) {
    if (this.delta === null) this.delta = {};
    this.delta[hid] = encoding;
    if (this.latest !== null) this.latest[hid] = encoding;
  }

  full(hid) {
    const v = this.objects[hid];
    const shape = this.shape[hid];
    const limit = this.maxItems;
    const kids = new Set();
    let encoding;
    let n = 0;
    if (shape === 'seq') {
      n = v.length;
      const items = readItems(v, Math.min(n, limit));
      encoding = { type: 'list', items: items.map((x) => this.item(x, kids)) };
      this.sigs[hid] = [n, items, null];
    } else if (shape === 'set') {
      n = v.size;
      const items = [];
      for (const x of v) {
        if (items.length >= limit) break;
        items.push(x);
      }
      encoding = { type: 'set', items: items.map((x) => this.item(x, kids)) };
      this.sigs[hid] = [n, items, null];
    } else if (shape === 'map') {
      n = v.size;
      const keys = [];
      const values = [];
      for (const [k, x] of v) {
        if (keys.length >= limit) break;
        keys.push(k);
        values.push(x);
      }
      encoding = { type: 'Map', entries: keys.map((k, i) => [this.item(k, kids), this.item(values[i], kids)]) };
      this.sigs[hid] = [n, keys, values];
    } else {
      const [keys, values] = readFields(v);
      if (shape === 'dict') {
        n = keys.length;
        const shown = Math.min(n, limit);
        encoding = { type: 'dict', entries: [] };
        for (let i = 0; i < shown; i++) encoding.entries.push([keys[i], this.item(values[i], kids)]);
      } else {
        const fields = {};
        keys.forEach((k, i) => {
          fields[k] = this.item(values[i], kids);
        });
        encoding = { type: 'object', class: className(v), fields };
      }
      this.sigs[hid] = [keys.length, keys, values];
    }
    if (n > limit) {
      encoding.length = n;
      encoding.cut = true;
    }
    this.kids[hid] = kids;
    this.put(hid, encoding);
  }

  /** Send what changed in heap object `hid` and in the objects under it since they were encoded. */
  recheck(hid) {
    this.budget = this.maxObjects;
    const kids = this.kids;
    if (kids[hid] === null || kids[hid].size === 0) {
      this.update(hid);
    } else {
      const seen = new Set();
      const todo = [hid];
      while (todo.length) {
        const next = todo.pop();
        if (seen.has(next)) continue;
        seen.add(next);
        this.update(next);
        const under = kids[next];
        if (under !== null) for (const kid of under) todo.push(kid);
        if (seen.size > 4 * this.maxObjects) break;
      }
    }
    if (this.pending.length) this.drain();
  }

  update(hid) {
    const sig = this.sigs[hid];
    if (sig === null) return; // about to be encoded
    const v = this.objects[hid];
    const shape = this.shape[hid];
    const [n, old, oldValues] = sig;
    const limit = this.maxItems;
    if (shape === 'seq') {
      const m = v.length;
      const now = readItems(v, Math.min(m, limit));
      const common = Math.min(now.length, old.length);
      let same = true;
      let changes = null;
      for (let i = 0; i < common; i++) {
        if (now[i] !== old[i] && !(now[i] !== now[i] && old[i] !== old[i])) {
          same = false;
          if (changes === null) changes = [];
          changes.push(i);
        }
      }
      if (same && m === n) return;
      if (this.patches && (this.delta === null || !(hid in this.delta))) {
        const kids = this.kids[hid];
        if (m === n) {
          sig[1] = now;
          return this.put(hid, { set: changes.map((i) => [i, this.item(now[i], kids)]) });
        }
        if (same) {
          const patch = { length: m };
          if (now.length > old.length) patch.append = now.slice(old.length).map((x) => this.item(x, kids));
          sig[0] = m;
          sig[1] = now;
          return this.put(hid, patch);
        }
      }
    } else if (shape === 'set' || shape === 'map') {
      if (v.size === n) {
        let i = 0;
        let same = true;
        for (const entry of v) {
          if (i >= old.length) break;
          const k = shape === 'map' ? entry[0] : entry;
          if (k !== old[i] || (shape === 'map' && entry[1] !== oldValues[i])) {
            same = false;
            break;
          }
          i++;
        }
        if (same) return;
      }
    } else {
      const [keys, values] = readFields(v);
      if (keys.length === n && keys.every((k, i) => k === old[i]) && values.every((x, i) => x === oldValues[i] || (x !== x && oldValues[i] !== oldValues[i]))) return;
    }
    this.full(hid);
  }
}

function readItems(v, count) {
  const out = new Array(count);
  for (let i = 0; i < count; i++) out[i] = v[i];
  return out;
}

/** Own enumerable string-keyed fields, read without running getters. */
function readFields(v) {
  const keys = ownKeys(v);
  const values = new Array(keys.length);
  for (let i = 0; i < keys.length; i++) {
    const d = describe(v, keys[i]);
    values[i] = d === undefined ? undefined : ('value' in d ? d.value : GETTER);
  }
  return [keys, values];
}

const GETTER = Symbol('getter');

function className(v) {
  const proto = getProto(v);
  if (proto === null || proto === objectProto) return 'Object';
  const ctor = describe(proto, 'constructor');
  return (ctor && typeof ctor.value === 'function' && ctor.value.name) || 'Object';
}

function shapeOf(v) {
  if (isProxy(v)) return null;
  if (isArray(v)) return 'seq';
  if (v instanceof Map) return 'map';
  if (v instanceof Set) return 'set';
  if (v instanceof Error || v instanceof Date || v instanceof RegExp || v instanceof Promise || ArrayBuffer.isView(v)) return null;
  if (v instanceof WeakMap || v instanceof WeakSet) return null;
  const proto = getProto(v);
  if (proto === null || proto === objectProto) return nodeLike(ownKeys(v)) ? 'obj' : 'dict';
  return 'obj';
}

module.exports = { Heap, label, GETTER };
