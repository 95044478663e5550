'use strict';
// A plan's expectations checked inside a trace (the Python child's plan_checks.py, in Node):
// several (lines, expression) checks, each evaluated before every run of one of its lines, as a
// conditional breakpoint is. Each counts its evaluations, the times it held and the errors it threw
// (a misspelt name throws ReferenceError at every evaluation: the app then calls it unreadable);
// the first false evaluation keeps the trace's step, the line and the texts of the names the
// expression uses. The app refused assignments, ++/-- and the calls that change an array, a Map or
// a Set before the run, so evaluating leaves the learner's state as it was.

const VALUE_CHARS = 200;

/** An expression over a scope's names, compiled once per set of names (as trace_breakpoint.js's). */
function compiled(text) {
  const cache = new Map();
  new Function(`return (${text}\n)`); // eslint-disable-line no-new-func -- throws SyntaxError now
  return (now) => {
    const names = Object.keys(now);
    const key = names.join(',');
    let fn = cache.get(key);
    if (fn === undefined) {
      fn = new Function(...names, `return (${text}\n)`); // eslint-disable-line no-new-func
      cache.set(key, fn);
    }
    return fn(...names.map((n) => now[n]));
  };
}

function errorText(error) {
  try {
    return `${error && error.name}: ${error && error.message}`.slice(0, 300);
  } catch (_) {
    return 'Error';
  }
}

class Check {
  constructor(index, spec) {
    this.index = index;
    this.lines = (spec.lines || []).map(Number);
    this.text = String(spec.expect || '');
    this.names = (spec.names || []).map(String);
    this.fn = null;
    this.compileError = null;
    try {
      this.fn = compiled(this.text);
    } catch (error) {
      this.compileError = errorText(error);
    }
    this.evaluations = 0;
    this.held = 0;
    this.errors = 0;
    this.firstError = null;
    this.broken = null;
  }

  evaluate(line, scope, step) {
    this.evaluations++;
    let holds;
    let now = {};
    try {
      now = scope ? scope() : {};
      holds = Boolean(this.fn(now));
    } catch (error) {
      this.errors++;
      if (this.firstError === null) this.firstError = { error: errorText(error), line };
      return;
    }
    if (holds) this.held++;
    else if (this.broken === null) this.broken = { step, line, variables: this.variables(now) };
  }

  variables(now) {
    const { Heap } = require('./trace_heap.js');
    const { show } = require('./trace_run.js');
    const snap = new Heap(50, false);
    const found = {};
    for (const name of this.names) {
      if (!Object.prototype.hasOwnProperty.call(now, name)) continue;
      const value = now[name];
      if (typeof value === 'function' || typeof value === 'symbol') continue;
      try {
        found[name] = snap.value(value);
      } catch (_) {
        // a learner's object that cannot be read
      }
    }
    return Object.fromEntries(Object.entries(found).map(([k, v]) => [k, show(v, snap.latest, VALUE_CHARS)]));
  }

  result() {
    return {
      index: this.index,
      evaluations: this.evaluations,
      held: this.held,
      errors: this.errors,
      first_error: this.firstError,
      compile_error: this.compileError,
      broken: this.broken,
    };
  }
}

class Checks {
  constructor(specs) {
    this.checks = specs.map((spec, index) => new Check(index, spec));
    this.byLine = new Map();
    for (const check of this.checks) {
      if (check.fn === null) continue;
      for (const line of check.lines) {
        if (!this.byLine.has(line)) this.byLine.set(line, []);
        this.byLine.get(line).push(check);
      }
    }
  }

  /**
   * Before `line` runs in the frame whose names `scope` gives; `step` is the trace's step number.
   * `frame` and its caller `parent` (tracer.js's frames) tell a callback written on the line, as
   * `nums.filter((v) => v > t)`, from the line itself: its calls are part of the line's one run,
   * and its names (its own `v`) are not the function's, so the expectation is not checked in it.
   */
  onLine(line, scope, step, frame, parent) {
    const found = this.byLine.get(line);
    if (found === undefined) return;
    if (frame && parent && frame.key === line && parent.line === line && parent.fn !== frame.fn) return;
    for (const check of found) check.evaluate(line, scope, step);
  }

  results() {
    return this.checks.map((check) => check.result());
  }
}

module.exports = { Checks };
