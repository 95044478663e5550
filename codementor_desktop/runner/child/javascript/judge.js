'use strict';
// Judging JavaScript: the same rules, verdicts and frames as the Python child's judge.py.

const path = require('path');
const values = require('./values.js');
const solution = require('./solution_loader.js');
const sandbox = require('./guard.js');

const STOPPING = new Set(['TLE', 'MLE', 'OLE']);
// A test's result is filled in after the learner's code ran: a prototype-less record, filled with
// the Object.assign taken now, so that no setter the learner put on Object.prototype drops a verdict.
const assign = Object.assign;
const blank = Object.create;
const record = (fields) => assign(blank(null), fields);

function round3(ms) {
  return Math.round(ms * 1000) / 1000;
}

/** One run of the learner's code in this child: shared output budget, limits, stdin and require. */
class Session {
  constructor(job, io, workdir) {
    const limits = job.limits || {};
    this.job = job;
    this.workdir = workdir;
    this.testTimeoutMs = 1000 * Number(limits.timeout_seconds || 5); // CPU time
    this.wallFactor = Number(limits.wall_factor || 3);
    this.showChars = Number(limits.output_chars_per_test || 2000);
    this.budget = io.budget;
    this.out = io.out;
    this.err = io.err;
    this.stdinText = '';
    this.stdinStream = null;
    this.asyncErrors = [];
    this.modules = Object.create(null);
    this.require = this.makeRequire();
    Object.defineProperty(process, 'stdin', {
      configurable: true,
      // 'stream' costs two milliseconds to load: only for code that reads process.stdin
      get: () => this.stdinStream || (this.stdinStream = require('stream').Readable.from([this.stdinText])),
    });
  }

  makeRequire() {
    const session = this;
    const fs = require('fs');
    const readFileSync = function (file, options) {
      if (file === 0 || file === '/dev/stdin') {
        const data = Buffer.from(session.stdinText, 'utf8');
        const encoding = typeof options === 'string' ? options : options && options.encoding;
        return encoding ? data.toString(encoding) : data;
      }
      return fs.readFileSync.apply(fs, arguments);
    };
    const fsView = new Proxy(fs, { get: (target, key) => (key === 'readFileSync' ? readFileSync : Reflect.get(target, key)) });
    return function learnerRequire(name) {
      const key = String(name);
      if (key in session.modules) {
        const module = session.modules[key];
        if (module instanceof Error) throw module; // a library this runner does not have
        return module;
      }
      if (key === 'fs' || key === 'node:fs') return fsView;
      if (key.startsWith('.') || key.startsWith('/')) {
        const error = new Error(`Cannot find module '${key}': only './solution' can be required here.`);
        error.code = 'MODULE_NOT_FOUND';
        throw error;
      }
      try {
        return require(key);
      } catch (error) {
        if (error && error.code === 'MODULE_NOT_FOUND') {
          error.message = `The module '${key}' is not available here: only Node's built-in modules can be used.`;
        }
        throw error;
      }
    };
  }

  /** The clocks of one test, with this run's limits. */
  clock() {
    return new solution.TestClock(this.testTimeoutMs, this.wallFactor);
  }

  /** Call `fn` with captured output and the per-test time limit; never throws. */
  async call(fn, stdinText, settle = false) {
    this.out.reset();
    this.err.reset();
    this.stdinText = stdinText || '';
    this.stdinStream = null;
    this.asyncErrors.length = 0;
    const clock = this.clock();
    const outcome = {};
    try {
      let value = solution.runWithTimeout(fn, clock.wallMs, () => clock.wallError());
      if (value && typeof value.then === 'function') value = await this.within(value, clock);
      if (settle) await this.settle(clock);
      outcome.value = value;
    } catch (error) {
      outcome.exception = error;
    }
    if (!outcome.exception && this.asyncErrors.length) outcome.exception = this.asyncErrors[0];
    outcome.timeMs = round3(clock.elapsedMs());
    outcome.cpuMs = round3(clock.cpuMs());
    const overLimit = clock.overLimit();
    if (overLimit) outcome.exception = overLimit;
    if (this.budget.exceeded) outcome.exception = new sandbox.OutputLimitExceeded();
    outcome.stdout = this.out.value();
    outcome.stderr = this.err.value();
    return outcome;
  }

  /** Wait for `promise`, but not past the clock's wall-clock backstop. */
  within(promise, clock) {
    const left = Math.max(1, clock.wallMs - clock.elapsedMs());
    let timer;
    const limit = new Promise((_, reject) => {
      timer = setTimeout(() => reject(clock.wallError()), left);
    });
    return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
  }

  /** Let what the code scheduled (stdin readers, promises, timers) run, within the time limit. */
  async settle(clock) {
    for (let round = 0; ; round++) {
      await new Promise((resolve) => setImmediate(resolve));
      const pending = typeof process.getActiveResourcesInfo === 'function' ? process.getActiveResourcesInfo() : [];
      if (!pending.length && round >= 2) return;
      const overLimit = clock.overLimit();
      if (overLimit) throw overLimit;
      if (clock.elapsedMs() > clock.wallMs) throw clock.wallError();
      if (pending.length && pending.every((name) => name === 'Timeout')) await new Promise((resolve) => setTimeout(resolve, 1));
    }
  }

  /** Run a fresh copy of the module body; resolves to [loaded, outcome]. */
  async runModule(compiled, stdinText, settle = false) {
    const wrapper = compiled.script.runInThisContext();
    const module = { exports: {} };
    const file = path.join(this.workdir, compiled.file);
    const body = () => wrapper.call(module.exports, module.exports, this.require, module, file, this.workdir, values.TreeNode, values.ListNode);
    const outcome = await this.call(body, stdinText, settle);
    const exit = outcome.exception;
    if (exit instanceof sandbox.ExitRequest && !Number(exit.exitCode)) delete outcome.exception;
    const loaded = { names: compiled.names, values: outcome.value || {}, exportsValue: module.exports };
    return [loaded, outcome];
  }

  clip(text) {
    text = String(text || '');
    if (text.length <= this.showChars) return text;
    // its beginning and its end (a flood's last lines are often the answer), as the Python child does
    const head = Math.floor(this.showChars / 2);
    const tail = this.showChars - head;
    return `${text.slice(0, head)}\n... (${text.length - head - tail} characters left out, ${text.length} in all) ...\n${text.slice(text.length - tail)}`;
  }
}

const VALUE_BYTES = 8 * 1024 * 1024; // wire.VALUE_BYTES: a larger answer is OLE

/** describeError on the learner's exception, which may throw from a getter, toString or inspect, or carry 50 MB. */
function describeSafely(session, exception) {
  let described;
  try {
    described = solution.describeError(exception);
  } catch (error) {
    let name = 'a value';
    try {
      name = typeof exception;
    } catch (_) {
      // nothing more to say
    }
    described = { verdict: 'RE', error_type: 'runtime_error', error_message: `Uncaught ${name} whose description threw` };
  }
  const limit = session.showChars;
  for (const key of ['error_message', 'traceback']) {
    const text = described[key];
    if (typeof text === 'string' && text.length > limit) described[key] = `${text.slice(0, limit)}... (${text.length} characters in all)`;
  }
  return described;
}

function failed(session, result, outcome) {
  assign(result, describeSafely(session, outcome.exception));
  result.stdout = session.clip(outcome.stdout);
  result.execution_time_ms = outcome.timeMs;
  result.cpu_time_ms = outcome.cpuMs;
  return result;
}

/** The frame of a test that gave a value: its JSON text, which the app compares (never this child). */
function gave(session, result, outcome, value, type) {
  let text;
  try {
    text = values.encodeValue(value, type);
  } catch (error) {
    let detail = 'reading it threw';
    try {
      detail = `reading it threw ${String(error && error.name)}: ${String(error && error.message).slice(0, 500)}`;
    } catch (_) {
      // the error's own name or message threw as well
    }
    outcome.exception = new Error(`the returned value could not be read (${detail})`);
    return failed(session, result, outcome);
  }
  if (text.length > VALUE_BYTES) {
    outcome.exception = new sandbox.OutputLimitExceeded();
    failed(session, result, outcome);
    result.error_message = `Output limit exceeded: the returned value is ${text.length} characters of JSON, over ${VALUE_BYTES}`;
    return result;
  }
  return assign(result, {
    value: text, stdout: session.clip(outcome.stdout), execution_time_ms: outcome.timeMs, cpu_time_ms: outcome.cpuMs,
  });
}

function construct(target, args) {
  return solution.isClass(target) ? new target(...args) : target(...args);
}

const ITEMS_LIMIT = 1e6; // items read from a returned iterator: past them it is OLE, not a hang

/**
 * A returned generator or iterator (an array's or Map's .values(), a generator function's
 * result) as the array it yields: the app compares values, and an iterator's JSON is {}. Read
 * inside the test's call, so its clocks stop an endless one; past ITEMS_LIMIT items it is OLE.
 * Arrays, Sets and Maps are left as they are (the encoder already lists them).
 */
function materialised(value) {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  if (value instanceof Set || value instanceof Map) return value;
  if (typeof value.next !== 'function' || typeof value[Symbol.iterator] !== 'function') return value;
  const items = [];
  for (const item of value) {
    if (items.length >= ITEMS_LIMIT) {
      throw new sandbox.OutputLimitExceeded(`Output limit exceeded: the returned iterator gave more than ${ITEMS_LIMIT} items (is it endless?)`);
    }
    items.push(item);
  }
  return items;
}

/** One test: what the code gave (`value`, or `printed` for a script) or how it failed; no verdict of AC or WA. */
async function judgeOne(session, test, compiled, fn, compare, beforeCall = null) {
  const result = record({ test_id: test.test_id });
  if (!fn.name && !solution.definesFunctions(compiled)) {
    // A script: its input is stdin and the app judges what it printed, line by line.
    if (beforeCall) beforeCall();
    const [, outcome] = await session.runModule(compiled, test.input || '', true);
    if (outcome.exception) return failed(session, result, outcome);
    return assign(result, { printed: outcome.stdout, execution_time_ms: outcome.timeMs, cpu_time_ms: outcome.cpuMs });
  }
  let args;
  let kwargs;
  try {
    [args, kwargs] = values.parseArguments(test.input || '');
  } catch (error) {
    return assign(result, { verdict: 'IE', error_type: 'internal_error', error_message: `Bad test data: ${error.message}` });
  }
  const [loaded, loadOutcome] = await session.runModule(compiled, test.stdin || '');
  if (loadOutcome.exception) return failed(session, result, loadOutcome);
  let target;
  try {
    target = solution.findEntryPoint(loaded, fn.name || null);
  } catch (error) {
    return assign(result, { verdict: 'RE', error_type: 'runtime_error', error_message: error.message });
  }
  if (!target) return assign(result, { verdict: 'RE', error_type: 'runtime_error', error_message: 'The code defines no function to call.' });
  if (beforeCall) beforeCall();
  if (compare === 'operations') return judgeOperations(session, result, target, args);
  const params = fn.params || [];
  const decoded = args.map((a, i) => values.decode(a, params[i] && params[i].type));
  for (const [name, value] of Object.entries(kwargs)) {
    const index = params.findIndex((p) => p.name === name);
    if (index < 0) {
      return assign(result, { verdict: 'IE', error_type: 'internal_error', error_message: `Bad test data: no parameter named '${name}'` });
    }
    decoded[index] = values.decode(value, params[index].type);
  }
  const outcome = await session.call(() => materialised(construct(target, decoded)), test.stdin || '');
  if (outcome.exception) return failed(session, result, outcome);
  let value = outcome.value;
  if (Number.isInteger(fn.inplace) && fn.inplace < decoded.length) value = decoded[fn.inplace];
  return gave(session, result, outcome, value, fn.returns);
}

/** Design problems: construct the class and call each method; the app compares every return value. */
async function judgeOperations(session, result, cls, args) {
  const [operations, argumentLists] = [args[0] || [], args[1] || []];
  const play = () => {
    const returns = [];
    let instance = null;
    operations.forEach((name, index) => {
      const callArgs = argumentLists[index] || [];
      if (index === 0) {
        instance = new cls(...callArgs);
        returns.push(null);
      } else {
        if (typeof instance[name] !== 'function') throw new TypeError(`${cls.name} has no method '${name}'`);
        returns.push(values.encode(materialised(instance[name](...callArgs))));
      }
    });
    return returns;
  };
  const outcome = await session.call(play, '');
  if (outcome.exception) return failed(session, result, outcome);
  return gave(session, result, outcome, outcome.value, undefined);
}

/** Judge mode: every test's actual output becomes a frame; a TLE, MLE or OLE stops the run. */
async function judgeTests(job, session, send) {
  const fn = job.function || {};
  const compiled = solution.compile(job.code, solution.SOLUTION_FILE, [fn.name]);
  if (compiled.error) return send('compile_error', compiled.error);
  const compare = job.compare || 'exact';
  // Counted tests run the program with the app's counting hooks (line_counter.js): line events, as Python's.
  const lines = require('./line_counter.js');
  const countedCode = lines.countedProgram(job, compiled);
  if (job.cover) return coverTests(job, session, send, countedCode, fn, compare);
  for (const test of job.tests || []) {
    let result;
    if (countedCode && (job.count_lines || test.count_lines)) {
      const [judged, counter] = await lines.counted(test.line_budget, () => judgeOne(session, test, countedCode, fn, compare));
      result = judged;
      result.line_events = counter.count;
      if (counter.over) assign(result, { verdict: 'TLE', error_type: 'timeout', reason: 'operations' });
    } else {
      result = await judgeOne(session, test, compiled, fn, compare);
    }
    send('test', result);
    if (STOPPING.has(result.verdict)) break;
  }
}

/**
 * The coverage pass (untimed: the timed run's verdicts stand): each test's lines, one frame each.
 * Every test gets at most `steps` line events and the pass `total`; a capped test keeps the lines
 * it reached, a test past the total is not measured. No value travels back.
 */
async function coverTests(job, session, send, countedCode, fn, compare) {
  if (!countedCode) return; // no hooks (the code could not be read for them): nothing is measured
  const lines = require('./line_counter.js');
  const steps = Number(job.cover.steps) || 1e6;
  let left = Number(job.cover.total) || 5e6;
  for (const test of job.tests || []) {
    if (left <= 0) break;
    const collector = new lines.LineCollector(Math.min(steps, left), job.instrumented.hooks);
    await lines.counted(null, () => judgeOne(session, test, countedCode, fn, compare, () => (collector.armed = true)), collector);
    left -= collector.count;
    const covered = Array.from(collector.lines).sort((a, b) => a - b);
    send('test', { test_id: test.test_id, covered_lines: covered, capped: collector.capped });
  }
}

function argumentsFor(target, job) {
  const data = job.input_data === undefined ? null : job.input_data;
  if ('target_value' in job) return [data, job.target_value === undefined ? null : job.target_value];
  const count = target.length;
  if (count === 0 && !solution.isClass(target)) return [];
  if (count <= 1) return [data];
  if (Array.isArray(data) && data.length === count) return data.slice();
  return [data];
}

function executionPayload(session, outcome, hasTarget) {
  const payload = {
    stdout: session.clip(outcome.stdout),
    stderr: session.clip(outcome.stderr),
    execution_time_ms: outcome.timeMs,
    cpu_time_ms: outcome.cpuMs,
  };
  if (!outcome.exception && hasTarget) {
    try {
      payload.return_value = values.show(values.encode(outcome.value), session.showChars);
    } catch (error) {
      outcome.exception = new Error('the returned value could not be read');
    }
  }
  if (outcome.exception) return Object.assign(payload, describeSafely(session, outcome.exception), { return_value: null });
  payload.verdict = 'AC';
  if (!hasTarget) payload.return_value = null;
  return payload;
}

/** bp_execute: run the code once; call its function with `input_data` when there is one. */
async function executeOnce(job, session, send) {
  const compiled = solution.compile(job.code, solution.SOLUTION_FILE, [job.entry_point]);
  if (compiled.error) return send('compile_error', compiled.error);
  const hasInput = 'input_data' in job || 'target_value' in job;
  let stdinText = job.stdin || '';
  if (!hasInput || !solution.definesFunctions(compiled)) {
    const raw = job.input_data;
    if (raw !== undefined && raw !== null && !stdinText) stdinText = typeof raw === 'string' ? raw : values.show(raw, 1e7);
    const [, outcome] = await session.runModule(compiled, stdinText, true);
    return send('execution', executionPayload(session, outcome, false));
  }
  const [loaded, outcome] = await session.runModule(compiled, stdinText);
  if (outcome.exception) return send('execution', executionPayload(session, outcome, false));
  let target;
  try {
    target = solution.findEntryPoint(loaded, job.entry_point || null);
  } catch (error) {
    return send('execution', { verdict: 'RE', error_type: 'runtime_error', error_message: error.message, stdout: outcome.stdout, stderr: '' });
  }
  if (!target) {
    return send('execution', {
      verdict: 'RE', error_type: 'runtime_error', error_message: 'The code defines no function to call.', stdout: outcome.stdout, stderr: '',
    });
  }
  const moduleStdout = outcome.stdout;
  const args = argumentsFor(target, job);
  const call = await session.call(() => construct(target, args), stdinText);
  call.stdout = moduleStdout + call.stdout;
  return send('execution', executionPayload(session, call, true));
}

/** Batch mode: compile once, then one `test` frame per input of every batch read from the channel. */
async function serveBatches(job, session, send, { readLine, parse }) {
  const fn = job.function || {};
  const compiled = solution.compile(job.code, solution.SOLUTION_FILE, [fn.name]);
  if (compiled.error) return send('compile_error', compiled.error);
  const compare = job.compare || 'exact';
  send('ready', {});
  for (;;) {
    const line = readLine();
    if (line === null || !line.trim()) return;
    const batch = parse(line);
    for (const test of batch.tests || []) {
      const result = await judgeOne(session, test, compiled, fn, compare);
      send('test', result);
      if (STOPPING.has(result.verdict)) return;
    }
    send('batch_end', { batch: batch.batch });
  }
}

module.exports = { Session, judgeTests, executeOnce, serveBatches };
