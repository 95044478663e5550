'use strict';
// Why a JavaScript trace hit its step or time limit (the Python child's loops.py, in Node): the
// program runs a few thousand hooks more, unrecorded; each time a loop header runs in a frame
// that was active at the stop, a fingerprint of its variables is kept. The loop whose header
// keeps coming back is the one repeating; the variables whose fingerprint stayed the same over its
// last iterations are the usual cause of an endless loop. The loops themselves (lines, the names
// their header tests, whether they have a way out) come from the app's reading of the source.

const WINDOW_LINES = 4000;
const WINDOW_MS = 300;
const KEEP_ITERATIONS = 12;

function fingerprint(value, depth = 0) {
  const t = typeof value;
  if (value === null || t !== 'object') return t === 'function' ? 'function' : `${t}:${String(value).slice(0, 200)}`;
  if (depth > 3) return 'deep';
  let parts;
  try {
    if (Array.isArray(value)) parts = value.slice(0, 40).map((v) => fingerprint(v, depth + 1)).concat(String(value.length));
    else if (value instanceof Map) parts = [...value].slice(0, 40).map(([k, v]) => fingerprint(k, depth + 1) + '=' + fingerprint(v, depth + 1));
    else if (value instanceof Set) parts = [...value].slice(0, 40).map((v) => fingerprint(v, depth + 1));
    else {
      parts = Object.keys(value).slice(0, 20).map((k) => {
        const d = Object.getOwnPropertyDescriptor(value, k);
        return k + '=' + (d && 'value' in d ? fingerprint(d.value, depth + 1) : 'getter');
      });
    }
  } catch (_) {
    return 'unreadable';
  }
  return '[' + parts.join(',') + ']';
}

function names(list) {
  if (list.length === 1) return list[0];
  return list.slice(0, -1).join(', ') + ' and ' + list[list.length - 1];
}

class LoopWatch {
  /** `frames`: the frames at the stop, innermost first; `onDone` receives the diagnosis. */
  constructor(loops, frames, onDone) {
    this.loops = loops;
    this.onDone = onDone;
    this.lines = 0;
    this.until = Date.now() + WINDOW_MS;
    this.headers = new Set(loops.map((l) => l.header_line));
    this.hits = new Map(); // "uid:line" -> header runs in the window
    this.snaps = new Map(); // "uid:line" -> fingerprints of the frame's variables
    this.depth = frames.length;
    this.deepest = this.depth;
    this.frames = frames.map((f) => ({ frame: f, hits: f.hits || new Map(), line: f.line }));
    this.done = false;
  }

  entered(frame) {
    this.depth++;
    this.deepest = Math.max(this.deepest, this.depth);
    return frame;
  }

  left(_frame, value) {
    this.depth--;
    return value;
  }

  line(frame, line, scope) {
    if (this.done) return;
    this.lines++;
    if (this.headers.has(line)) {
      const key = `${frame.uid}:${line}`;
      this.hits.set(key, (this.hits.get(key) || 0) + 1);
      if (!this.snaps.has(key)) this.snaps.set(key, []);
      const snaps = this.snaps.get(key);
      const snap = {};
      let now = null;
      try {
        now = scope ? scope() : null;
      } catch (_) {
        // a name in its dead zone: no fingerprint this time
      }
      if (now) {
        for (const name in now) if (typeof now[name] !== 'function' && typeof now[name] !== 'symbol') snap[name] = fingerprint(now[name]);
      }
      snaps.push(snap);
      if (snaps.length > KEEP_ITERATIONS) snaps.shift();
    }
    if (this.lines >= WINDOW_LINES || (!(this.lines & 63) && Date.now() > this.until)) this.finish(null);
  }

  programEnded(exception) {
    if (this.done) return;
    let note = `The program ended ${this.lines} lines after the limit, so it was long rather than endless.`;
    if (exception) note = `The program stopped with ${(exception && exception.name) || 'an exception'} ${this.lines} lines after the limit.`;
    this.finish(note);
  }

  finish(note) {
    this.done = true;
    const diagnosis = this.diagnose();
    if (note) diagnosis.note = note;
    this.onDone(diagnosis);
  }

  diagnose() {
    for (const { frame, hits, line } of this.frames) {
      const loop = this.enclosing(frame, line).find((l) => (this.hits.get(`${frame.uid}:${l.header_line}`) || 0) >= 2);
      if (loop) return this.describe(frame, hits, loop);
    }
    if (this.frames.length) {
      const recursion = this.recursion();
      if (recursion) return recursion;
      const { frame, hits, line } = this.frames[0];
      const around = this.enclosing(frame, line);
      if (around.length) return this.describe(frame, hits, around[around.length - 1]);
    }
    return { kind: 'none', message: 'No loop was repeating when the limit was reached: the program simply needed more steps.' };
  }

  enclosing(frame, line) {
    return this.loops
      .filter((l) => l.line <= line && line <= l.end_line && l.scope === frame.key)
      .sort((a, b) => a.line - b.line);
  }

  describe(frame, hits, loop) {
    const key = `${frame.uid}:${loop.header_line}`;
    const iterations = (hits.get(loop.header_line) || 0) + (this.hits.get(key) || 0);
    const snaps = this.snaps.get(key) || [];
    const unchanged = [];
    const changed = [];
    if (snaps.length >= 2) {
      for (const name of Object.keys(snaps[snaps.length - 1]).sort()) {
        const first = snaps[0][name];
        (snaps.every((s) => s[name] === first) ? unchanged : changed).push(name);
      }
    }
    const stuck = loop.names.filter((n) => unchanged.includes(n));
    const span = loop.end_line === loop.line ? `line ${loop.line}` : `lines ${loop.line}-${loop.end_line}`;
    const kind = loop.kind === 'do' ? 'do...while' : loop.kind;
    let text = `The ${kind} loop at ${span} (${loop.condition}) ran ${iterations.toLocaleString('en-US')} times`;
    if (loop.no_way_out) {
      text += '; its condition is always true and nothing in it leaves the loop (no break, return or throw): it has no way out.';
    } else if (snaps.length >= 2) {
      const n = snaps.length;
      if (stuck.length) {
        const what = loop.kind === 'for' && loop.condition.includes(' of ') ? 'iterable' : 'condition';
        text += `; over its last ${n} iterations ${names(stuck)} never changed, and the loop's ${what} depends on ${stuck.length === 1 ? 'it' : 'them'}.`;
      } else if (unchanged.length && !changed.length) text += `; over its last ${n} iterations no variable changed at all.`;
      else if (unchanged.length) text += `; over its last ${n} iterations ${names(unchanged)} never changed.`;
      else if (changed.length) text += '; every variable changed from one iteration to the next, so it may only need more steps.';
      else text += '; it has no variables to watch, so nothing it could change ends it.';
    } else text += '.';
    return {
      kind: 'loop',
      loop_kind: loop.kind === 'do' ? 'while' : loop.kind,
      function: frame.fn,
      lines: [loop.line, loop.end_line],
      header: loop.condition,
      iterations,
      iterations_compared: snaps.length,
      unchanged,
      changed,
      condition_names_unchanged: stuck,
      no_way_out: Boolean(loop.no_way_out),
      message: text,
    };
  }

  recursion() {
    const counts = new Map();
    for (const { frame } of this.frames) counts.set(frame.fn, (counts.get(frame.fn) || 0) + 1);
    const [name, count] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
    if (count < 20 && this.deepest <= this.depth + 5) return null;
    return {
      kind: 'recursion',
      function: name,
      depth: this.deepest,
      message: `${name} kept calling itself: ${this.frames.length} calls deep when the trace stopped, ${this.deepest} a moment later. Is a base case missing, or never reached?`,
    };
  }
}

module.exports = { LoopWatch, fingerprint };
