'use strict';
// bp_breakpoint for JavaScript inside the child (the Python child's breakpoints.py, in Node): run
// until a condition holds, then capture the program's state.
//
// The condition is a JavaScript expression over the variables in scope, evaluated before each
// statement runs, only on `line` when one is given; the run stops on its `hit`-th true evaluation.
// It is compiled once per set of visible names as `new Function(...names, 'return (' + cond + ')')`
// and called with their values. A condition that throws is counted and treated as false; one whose
// names are not defined where it is checked (ReferenceError) simply does not apply there.

const { Tracer } = require('./tracer.js');
const { Heap } = require('./trace_heap.js');
const run = require('./trace_run.js');

const RECENT_STEPS = 8;
const EVENTS = ['line', 'call', 'return', 'exception'];

/** An expression over a scope's names: a function of their values, compiled once per set of names. */
class Expression {
  constructor(text) {
    this.text = text;
    this.compiled = new Map();
    new Function(`return (${text}\n)`); // eslint-disable-line no-new-func -- throws SyntaxError now, not on each check
  }

  evaluate(scope) {
    const now = scope ? scope() : {};
    const names = Object.keys(now);
    const key = names.join(',');
    let fn = this.compiled.get(key);
    if (fn === undefined) {
      fn = new Function(...names, `return (${this.text}\n)`); // eslint-disable-line no-new-func
      this.compiled.set(key, fn);
    }
    return fn(...names.map((n) => now[n]));
  }
}

class RecentSteps {
  constructor(heap) {
    this.items = [];
    this.heap = heap;
    this.functions = new Map();
    this.count = 0;
  }

  push(step) {
    const [event, line, uid] = step;
    const changed = step.length > 3 ? step[3] : null;
    const extra = step.length > 6 ? step[6] : null;
    if (extra && 'function' in extra) this.functions.set(uid, extra.function);
    const entry = { step: this.count++, event: EVENTS[event], line, function: this.functions.get(uid) || '?' };
    if (changed) entry.changed = Object.fromEntries(Object.entries(changed).map(([k, v]) => [k, v && v.deleted ? '(deleted)' : this.text(v)]));
    if (extra && 'value' in extra) entry.return_value = this.text(extra.value);
    if (extra && extra.exception) entry.exception = `${extra.exception.type}: ${extra.exception.message}`;
    this.items.push(entry);
    if (this.items.length > RECENT_STEPS) this.items.shift();
  }

  text(value) {
    return run.show(value, this.heap.latest, 160);
  }
}

class Breakpoint {
  constructor(heap, condition, line, nth, watches) {
    this.endKind = 'breakpoint_end';
    this.steps = new RecentSteps(heap);
    this.condition = condition;
    this.line = line;
    this.nth = nth;
    this.watches = watches;
    this.evaluations = 0;
    this.trueCount = 0;
    this.undefined = 0;
    this.undefinedMessage = '';
    this.errors = new Map();
  }

  onLine(tracer, frame, line, scope) {
    if (this.line !== null && line !== this.line) return;
    this.evaluations++;
    let holds;
    try {
      holds = Boolean(this.condition.evaluate(scope));
    } catch (error) {
      if (error instanceof ReferenceError) {
        this.undefined++;
        this.undefinedMessage = String(error.message);
        return;
      }
      let key = 'Error';
      try {
        key = `${error && error.name}: ${error && error.message}`.slice(0, 300);
      } catch (_) {
        // an error whose name or message throws
      }
      if (!this.errors.has(key)) this.errors.set(key, { error: key, count: 0, first_line: line });
      this.errors.get(key).count++;
      return;
    }
    if (!holds) return;
    this.trueCount++;
    if (this.trueCount >= this.nth) tracer.conclude(this.capture(tracer, frame, line, scope));
  }

  /** The state at the stop: the call stack with variables, the watches, the last steps. */
  capture(tracer, frame, line, scope) {
    const snap = new Heap(100, false);
    const frames = tracer.stack.slice().reverse();
    if (frames[0] !== frame) frames.unshift(frame);
    const stack = frames.map((f) => {
      const values = {};
      let now = {};
      try {
        now = f.scope ? f.scope() : {};
      } catch (_) {
        // a name in its dead zone: the frame shows none
      }
      for (const name of Object.keys(now)) if (typeof now[name] !== 'symbol') values[name] = snap.value(now[name]);
      return { function: f.fn, line: f === frame ? line : f.line, values };
    });
    const watches = this.watches.map((text) => {
      const entry = { expression: text };
      try {
        entry.encoded = snap.value(new Expression(text).evaluate(scope));
      } catch (error) {
        entry.error = error instanceof SyntaxError ? 'SyntaxError: this is not a JavaScript expression' : `${error && error.name}: ${error && error.message}`;
      }
      return entry;
    });
    const objects = snap.latest;
    stack.forEach((entry, index) => {
      entry.variables = Object.fromEntries(Object.entries(entry.values).map(([k, v]) => [k, run.show(v, objects, 300)]));
      entry.depth = stack.length - index;
    });
    for (const entry of watches) if ('encoded' in entry) entry.value = run.show(entry.encoded, objects, 300);
    return {
      reason: 'condition_met',
      hit: true,
      line,
      function: frame.fn,
      hit_count: this.trueCount,
      stack,
      watch: watches,
      heap: objects,
      message: `The condition ${this.condition.text} held on line ${line} in ${frame.fn} (true evaluation ${this.trueCount} of ${this.evaluations}).`,
    };
  }

  ending(fields) {
    const out = {
      condition: this.condition.text,
      condition_line: this.line,
      nth: this.nth,
      evaluations: this.evaluations,
      true_count: this.trueCount,
      undefined_evaluations: this.undefined,
      condition_errors: [...this.errors.values()].sort((a, b) => b.count - a.count),
      recent_steps: this.steps.items.slice(),
    };
    if (fields.reason === 'time_limit') {
      out.hit = false;
      out.message = `The condition did not hold before the time limit (${this.evaluations} checks).`;
    }
    return out;
  }

  /** Why the condition never stopped the run: the reason and a sentence for a person. */
  missed() {
    const errors = [...this.errors.values()].reduce((sum, e) => sum + e.count, 0);
    if (this.line !== null && this.evaluations === 0) return ['line_not_reached', `Line ${this.line} never ran, so the condition was never checked.`];
    if (errors && errors + this.undefined === this.evaluations && !this.trueCount) {
      const first = [...this.errors.values()].sort((a, b) => b.count - a.count)[0];
      return ['condition_error', `The condition threw an error every time it was checked (${first.error}, first on line ${first.first_line}); it was treated as false.`];
    }
    if (this.evaluations && this.undefined === this.evaluations) {
      return ['names_undefined', `The condition's names were never all defined where it was checked (${this.undefinedMessage}).`];
    }
    let text = `The condition ${this.condition.text} never held in ${this.evaluations} checks`;
    if (this.trueCount) text = `The condition held ${this.trueCount} time(s), fewer than the ${this.nth} asked for`;
    if (errors) text += `; it threw an error ${errors} time(s) (treated as false)`;
    return ['never_true', text + '.'];
  }
}

/** Breakpoint mode: one breakpoint_end frame, with hit true or false. */
async function breakpointProgram(job, session, send, { io, exitNow }) {
  const text = String(job.condition || '');
  let condition;
  try {
    condition = new Expression(text);
  } catch (error) {
    send('breakpoint_end', { hit: false, reason: 'condition_invalid', condition: text, message: `The condition is not a JavaScript expression: ${error.message}.` });
    return;
  }
  const traced = run.compileTraced(job, send);
  if (!traced) return;
  const heap = new Heap(100, false);
  const line = job.line === null || job.line === undefined ? null : Number(job.line);
  const mode = new Breakpoint(heap, condition, line, Number(job.hit || 1), (job.watch || []).map(String));
  const limits = job.limits || {};
  const tracer = new Tracer({
    hooks: traced.hooks, loops: traced.loops, send, out: io.out, maxSteps: 1e15,
    seconds: Number(limits.timeout_seconds || 5), heap, mode, onStop: run.stopper(send, exitNow),
  });
  const outcome = await run.runProgram(session, job, traced, tracer);
  if (tracer.programEnded(outcome.exception)) return;
  const [reason, message] = mode.missed();
  const program = run.ending(outcome, tracer, job);
  const fields = { hit: false, reason, message, program };
  if (program.reason !== 'finished' && program.reason !== undefined) fields.message = `${message} The program itself stopped first: ${program.error_message || ''}`;
  tracer.close(fields);
}

module.exports = { breakpointProgram, Expression };
