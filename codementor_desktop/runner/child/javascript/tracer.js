'use strict';
// bp_trace and bp_breakpoint for JavaScript inside the child: the tracer the instrumented program
// calls (as `__cmT`), with the same steps as the Python child's tracer.py.
//
// The app inserted the hooks (runner/js_instrument.py): `s(frame, hook, scope)` before each
// statement and at each loop header, `c(name, line, scope, key)` on entering a function, `r(frame,
// value, scope)` on leaving it, `x(frame, error)` when an exception leaves it and `k(frame, error)`
// when the learner's `catch` takes one. `scope` is a closure returning the variables visible there
// ({a, b}), or 0. Steps travel in `trace_batch` frames as compact lists:
//
//     [event, line, frame]                          nothing changed
//     [event, line, frame, changed]                 variables that changed (name -> encoded value)
//     [event, line, frame, changed, heap, stdout]   plus heap objects new or changed, printed text
//     [event, line, frame, changed, heap, stdout, extra]   call / return / exception details
//
// A step describes the moment before its line runs and carries what the line before changed in
// its frame. After each statement every visible name is compared (a new value or another object);
// the objects the statement touched (hooks[k][1]) are rechecked in the heap for changes in place.

const { Heap } = require('./trace_heap.js');
const { LoopWatch } = require('./trace_watch.js');

// The time limit is CPU time, as every other limit of a run: a busy machine must not stop a
// trace short. Taken before the learner's code loads, which could replace process.cpuUsage.
const cpuUsage = process.cpuUsage.bind(process);
const cpuMs = () => {
  const used = cpuUsage();
  return (used.user + used.system) / 1000;
};

const LINE = 0;
const CALL = 1;
const RETURN = 2;
const EXCEPTION = 3;
const UNINITIALIZED = Symbol('uninitialized');
const DELETED = { deleted: true };
const INT_LIMIT = 1e15;

class Frame {
  constructor(uid, fn, key, line, free, program) {
    this.uid = uid;
    this.fn = fn;
    this.key = key; // the line of the function (0 for the program): its loops' scope
    this.free = free || null; // the closure variables it sees (names an enclosing function declares)
    this.program = program || null; // the program's variables it uses (not in its own frame)
    this.line = line;
    this.values = new Map();
    this.prev = -1;
    this.scope = 0;
    this.hits = null; // loop header line -> runs, for the diagnosis
    this.pending = null;
  }
}

function describeError(error) {
  try {
    if (error instanceof Error) return { type: String(error.name || 'Error'), message: String(error.message).slice(0, 300) };
    return { type: 'Uncaught', message: String(typeof error === 'string' ? error : typeof error).slice(0, 300) };
  } catch (_) {
    return { type: 'Error', message: '' };
  }
}

class Tracer {
  constructor({ hooks, loops, send, out, maxSteps = 1000, seconds = 5, lines = null, variables = null, heap = null, mode = null, onStop = null, batchSize = 1000, checks = null }) {
    this.lineOf = hooks.map((h) => h[0]);
    this.touched = hooks.map((h) => h[1]);
    this.headers = new Set(loops.map((l) => l.header_line));
    this.loops = loops;
    this.send = send;
    this.out = out;
    this.heap = heap || new Heap();
    this.mode = mode;
    this.checks = checks; // a plan's expectations (plan_checks.js), checked before each line
    this.onStop = onStop;
    this.room = maxSteps;
    this.started = Date.now();
    this.deadline = cpuMs() + seconds * 1000;
    this.lineFilter = lines && lines.length ? new Set(lines) : null;
    this.variables = variables && variables.length ? new Set(variables) : null;
    this.batchSize = mode === null ? batchSize : Infinity;
    this.steps = mode === null ? [] : mode.steps;
    this.sent = 0;
    this.events = 0;
    this.stack = [];
    this.nextUid = 0;
    this.counts = new Map();
    this.outParts = null;
    this.outSeen = 0;
    this.printed = [];
    this.stopped = null;
    this.watch = null;
    this.elsewhere = null; // {frame uid: changed} of other frames, since the last step
    this.lastFlush = this.started;
  }

  // -- the hooks ------------------------------------------------------------------------------

  c(fn, line, scope, key, free, program) {
    const frame = new Frame(this.nextUid++, fn, key, line, free, program);
    if (this.watch !== null) return this.watch.entered(frame);
    const parent = this.stack.length ? this.stack[this.stack.length - 1].uid : null;
    this.stack.push(frame);
    frame.scope = scope;
    const changed = this.compare(frame, scope);
    this.record(CALL, line, frame, changed, { function: fn, depth: this.stack.length, parent });
    return frame;
  }

  s(frame, k, scope) {
    if (this.watch !== null) return this.watch.line(frame, this.lineOf[k], scope);
    const line = this.lineOf[k];
    if (!(++this.events & 255) && this.periodic(frame)) return;
    this.counts.set(line, (this.counts.get(line) || 0) + 1);
    if (this.headers.has(line)) {
      if (frame.hits === null) frame.hits = new Map();
      frame.hits.set(line, (frame.hits.get(line) || 0) + 1);
    }
    frame.line = line;
    frame.scope = scope;
    let changed = this.compare(frame, scope);
    if (changed !== null && frame.free !== null) this.shared(frame, changed);
    if (frame.program !== null) this.programTouched(frame);
    frame.prev = k;
    if (this.mode !== null) this.mode.onLine(this, frame, line, scope);
    if (this.checks !== null) {
      this.checks.onLine(line, scope, this.sent + this.steps.length, frame, this.stack[this.stack.length - 2]);
    }
    if (this.lineFilter !== null && !this.lineFilter.has(line)) {
      if (changed !== null) frame.pending = Object.assign(frame.pending || {}, changed);
      return;
    }
    if (--this.room < 0) return this.stop('max_steps', frame);
    if (frame.pending !== null) changed = this.release(frame, changed);
    this.push(LINE, line, frame.uid, changed, null);
  }

  r(frame, value, scope) {
    if (this.watch !== null) return this.watch.left(frame, value);
    if (scope) frame.scope = scope;
    const changed = this.compare(frame, frame.scope);
    if (changed !== null && frame.free !== null) this.shared(frame, changed);
    if (frame.program !== null) this.programTouched(frame);
    this.pop(frame);
    this.record(RETURN, frame.line, frame, changed, { value: this.heap.encode(value) });
    return value;
  }

  x(frame, error) {
    if (this.watch !== null) return this.watch.left(frame, undefined);
    if (this.stopped !== null || this.stack.indexOf(frame) < 0) return;
    try {
      const changed = this.compare(frame, frame.scope);
      this.record(EXCEPTION, frame.line, frame, changed, { exception: describeError(error) });
      this.pop(frame);
      this.record(RETURN, frame.line, frame, null, { value: null });
    } catch (fault) {
      this.pop(frame); // out of stack while reporting a stack overflow: the frame still leaves
      if (fault && fault.stopTrace) throw fault;
    }
  }

  k(frame, error) {
    if (this.watch !== null) return;
    // Frames the exception left without their own report (untraced code between) leave now.
    while (this.stack.length && this.stack[this.stack.length - 1] !== frame) this.stack.pop();
    this.record(EXCEPTION, frame.line, frame, null, { exception: describeError(error) });
  }

  /** A closure variable read behind a guard: its dead zone reads as "not yet there". */
  g(read) {
    try {
      return read();
    } catch (_) {
      return UNINITIALIZED;
    }
  }

  // -- comparing and recording ----------------------------------------------------------------

  compare(frame, scope) {
    if (!scope) return null;
    let now;
    try {
      now = scope();
    } catch (_) {
      return null; // a name the analysis thought readable is not (yet): this step shows no change
    }
    const values = frame.values;
    const heap = this.heap;
    const touched = frame.prev >= 0 ? this.touched[frame.prev] : null;
    const wanted = this.variables;
    let changed = null;
    let present = 0;
    for (const name in now) {
      if (wanted !== null && !wanted.has(name)) continue;
      const v = now[name];
      if (v === UNINITIALIZED) continue;
      present++;
      const had = values.has(name);
      const before = values.get(name);
      const kind = typeof v;
      if (had && (v === before || (v !== v && before !== before))) {
        if (touched !== null && (kind === 'object' ? v !== null : kind === 'function') && touched.includes(name)) {
          const hid = heap.ids.get(v);
          if (hid !== undefined) heap.recheck(hid);
        }
        continue;
      }
      if (changed === null) changed = {};
      if (had && typeof before === 'object' && before !== null) {
        // The statement may have changed the old object before it moved the name to another one.
        const old = heap.ids.get(before);
        if (old !== undefined) heap.recheck(old);
      }
      values.set(name, v);
      if (kind === 'number' && v > -INT_LIMIT && v < INT_LIMIT && !Object.is(v, -0)) changed[name] = v;
      else changed[name] = heap.encode(v);
    }
    if (present < values.size) {
      // A block's names went out of scope: they are gone from the frame, as a deleted name is.
      for (const name of [...values.keys()]) {
        if (!(name in now) || now[name] === UNINITIALIZED) {
          values.delete(name);
          if (changed === null) changed = {};
          changed[name] = DELETED;
        }
      }
    }
    return changed;
  }

  /**
   * After `frame` changed closure variables: the other frames on the stack that show a variable of
   * that name are compared again, so an enclosing function's frame (and every call sharing the
   * binding) shows the new value at this very step, as Python's frames do (`elsewhere`).
   */
  shared(frame, changed) {
    let names = null;
    for (const name of frame.free) {
      if (name in changed) (names || (names = [])).push(name);
    }
    if (names === null) return;
    for (const other of this.stack) {
      if (other === frame || !other.scope || !names.some((n) => other.values.has(n))) continue;
      const seen = this.compare(other, other.scope);
      if (seen === null) continue;
      if (this.elsewhere === null) this.elsewhere = {};
      this.elsewhere[other.uid] = Object.assign(this.elsewhere[other.uid] || {}, seen);
    }
  }

  /** After a statement that touched a program variable: the program's frame is compared again. */
  programTouched(frame) {
    if (frame.prev < 0) return;
    const touched = this.touched[frame.prev];
    if (!frame.program.some((n) => touched.includes(n))) return;
    const top = this.stack[0];
    if (top === undefined || top === frame || top.key !== 0 || !top.scope) return;
    const seen = this.compare(top, top.scope);
    if (seen === null) return;
    if (this.elsewhere === null) this.elsewhere = {};
    this.elsewhere[top.uid] = Object.assign(this.elsewhere[top.uid] || {}, seen);
  }

  release(frame, changed) {
    const pending = frame.pending;
    frame.pending = null;
    if (changed !== null) Object.assign(pending, changed);
    return pending;
  }

  record(event, line, frame, changed, extra) {
    if (this.lineFilter !== null && !this.lineFilter.has(line) && event !== EXCEPTION) {
      if (changed !== null) frame.pending = Object.assign(frame.pending || {}, changed);
      return;
    }
    if (--this.room < 0) return this.stop('max_steps', frame);
    if (frame.pending !== null) changed = this.release(frame, changed);
    this.push(event, line, frame.uid, changed, extra);
  }

  push(event, line, uid, changed, extra) {
    const heap = this.heap.take();
    const out = this.stdoutDelta();
    let step;
    if (this.elsewhere !== null) {
      step = [event, line, uid, changed, heap, out, extra, this.elsewhere];
      this.elsewhere = null;
    } else if (extra !== null) step = [event, line, uid, changed, heap, out, extra];
    else if (heap !== null || out !== null) step = [event, line, uid, changed, heap, out];
    else if (changed !== null) step = [event, line, uid, changed];
    else step = [event, line, uid];
    this.steps.push(step);
    if (this.steps.length >= this.batchSize) this.flush();
  }

  pop(frame) {
    const stack = this.stack;
    if (stack[stack.length - 1] === frame) stack.pop();
    else {
      const at = stack.lastIndexOf(frame);
      if (at >= 0) stack.length = at;
    }
  }

  stdoutDelta() {
    const out = this.out;
    if (!out) return null;
    const parts = out.parts;
    if (parts !== this.outParts) {
      this.outParts = parts;
      this.outSeen = 0;
    }
    if (parts.length === this.outSeen) return null;
    const text = parts.slice(this.outSeen).join('');
    this.outSeen = parts.length;
    this.printed.push(text);
    return text;
  }

  flush() {
    if (this.mode === null && this.steps.length) {
      const steps = this.steps;
      this.steps = [];
      this.send('trace_batch', { first: this.sent, steps: JSON.stringify(steps) });
      this.sent += steps.length;
    }
    this.lastFlush = Date.now();
  }

  periodic(frame) {
    if (cpuMs() > this.deadline) {
      this.stop('time_limit', frame);
      return true;
    }
    if (Date.now() - this.lastFlush > 250) this.flush();
    return false;
  }

  get recorded() {
    return this.sent + (this.mode === null ? this.steps.length : this.mode.steps.count);
  }

  // -- stopping -------------------------------------------------------------------------------

  /** Stop recording; watch the loop a little longer to diagnose it, then end the run. */
  stop(reason, frame) {
    if (this.stopped !== null) return;
    this.stopped = reason;
    this.flush();
    const frames = this.stack.slice().reverse();
    if (!frames.length || frames[0] !== frame) frames.unshift(frame);
    this.watch = new LoopWatch(this.loops, frames, (diagnosis) => {
      this.conclude({ reason, message: this.limitMessage(reason), diagnosis });
    });
  }

  /** The program ended by itself; true when a stopped trace's watch took the ending over. */
  programEnded(exception) {
    if (this.watch === null) return false;
    this.watch.programEnded(exception);
    return true;
  }

  limitMessage(reason) {
    const steps = this.recorded.toLocaleString('en-US');
    if (reason === 'max_steps') return `The trace stopped after ${steps} steps (max_steps); the program had not finished.`;
    return `The trace stopped on the time limit after ${steps} steps; tracing slows a program down, and an endless loop never ends.`;
  }

  /** Send the closing frame of a stopped trace and end the child. */
  conclude(fields) {
    this.close(fields);
    if (this.onStop !== null) this.onStop();
    const error = new Error('the trace stopped');
    error.stopTrace = true;
    throw error;
  }

  close(fields) {
    const payload = this.endPayload();
    Object.assign(payload, fields);
    let kind = 'trace_end';
    if (this.mode !== null) {
      kind = this.mode.endKind;
      Object.assign(payload, this.mode.ending(payload));
    }
    if (this.checks !== null) payload.plan_checks = this.checks.results();
    this.send(kind, payload);
  }

  endPayload() {
    const counts = {};
    for (const [line, count] of [...this.counts.entries()].sort((a, b) => a[0] - b[0])) counts[String(line)] = count;
    this.stdoutDelta();
    return {
      steps: this.recorded,
      events: this.events,
      line_counts: counts,
      heap: this.heap.take(),
      stdout: this.printed.join(''),
      elapsed_ms: Math.round((Date.now() - this.started) * 10) / 10,
    };
  }
}

module.exports = { Tracer, Frame, describeError, DELETED, UNINITIALIZED };
