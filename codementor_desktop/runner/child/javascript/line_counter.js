'use strict';
// Line events of JavaScript, counted as Python's LineCounter counts them: the measure of work that
// no machine's speed changes, for the measured complexity. The app sends the program with the
// tracer's hooks (runner/js_instrument.py); here they only count the statements and loop headers
// that ran. Past the budget every hook throws, so a `catch` of the learner's cannot swallow it.

const solution = require('./solution_loader.js');

const COUNTER = Symbol.for('codementor.counter');
const RETURN_MARK = '/*__cm_return__*/';

class OperationsExceeded extends solution.TimeLimitExceeded {
  constructor(budget) {
    super(`Too many operations: over ${budget} line events, many times what the reference solution needs on this input`);
    this.name = 'OperationsExceeded';
  }
}

class LineCounter {
  constructor(budget) {
    this.count = 0;
    this.budget = Number.isFinite(Number(budget)) && budget !== null && budget !== undefined ? Number(budget) : Infinity;
    this.over = false;
  }

  s() {
    if (++this.count > this.budget) {
      this.over = true;
      throw new OperationsExceeded(this.budget);
    }
  }

  c() {
    return null;
  }

  r(_frame, value) {
    return value;
  }

  x() {}

  k() {
    if (this.over) throw new OperationsExceeded(this.budget);
  }

  g(read) {
    try {
      return read();
    } catch (_) {
      return undefined;
    }
  }
}

/**
 * The lines of the learner's code that ran (the untimed coverage pass): a LineCounter that keeps
 * each statement's line (the hooks' `[line, names]` from the app). It collects only once `armed`
 * (the test's call, not the module's load); past the budget the call stops with the lines it reached.
 */
class LineCollector extends LineCounter {
  constructor(budget, hooks) {
    super(budget);
    this.lineOf = (hooks || []).map((hook) => hook[0]);
    this.lines = new Set();
    this.armed = false;
  }

  s(_frame, k) {
    if (!this.armed) return;
    super.s();
    const line = this.lineOf[k];
    if (line) this.lines.add(line);
  }

  get capped() {
    return this.over;
  }
}

/** The learner's code with its counting hooks, compiled as the loader compiles it; null without hooks. */
function countedProgram(job, compiled) {
  const traced = job.instrumented;
  if (!traced || typeof traced.text !== 'string') return null;
  const vm = require('vm');
  const names = new Set(compiled.names.map((n) => n.name));
  const fn = job.function && job.function.name;
  if (fn && /^[A-Za-z_$][\w$]*$/.test(fn)) names.add(fn);
  const returned = Array.from(names, (n) => `${JSON.stringify(n)}: typeof ${n} === 'undefined' ? undefined : ${n}`);
  const body = traced.text.replace(RETURN_MARK, `return {${returned.join(', ')}};`);
  const params = 'exports, require, module, __filename, __dirname, TreeNode, ListNode';
  // The counter is read when the wrapper is made (runModule, once a test): the test's own counter.
  const text = `(function () { const __cmT = globalThis[Symbol.for('codementor.counter')]; return function (${params}) {${body}\n}; })()`;
  return Object.assign({}, compiled, { script: new vm.Script(text, { filename: compiled.file }) });
}

/** Count the line events of `run()` (which loads and calls the code) with a counter of `budget` (or `counter`). */
async function counted(budget, run, counter = new LineCounter(budget)) {
  globalThis[COUNTER] = counter;
  try {
    return [await run(), counter];
  } finally {
    delete globalThis[COUNTER];
  }
}

module.exports = { LineCounter, LineCollector, OperationsExceeded, countedProgram, counted };
