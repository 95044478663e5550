'use strict';
// Judging JavaScript: the same rules, verdicts and frames as the Python child's judge.py.

const path = require('path');
const values = require('./values.js');
const solution = require('./solution_loader.js');
const sandbox = require('./guard.js');

const STOPPING = new Set(['TLE', 'MLE', 'OLE']);

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
    return text.slice(0, this.showChars) + `\n... (${text.length} characters in all)`;
  }
}

function failed(session, result, outcome) {
  Object.assign(result, solution.describeError(outcome.exception));
  result.passed = false;
  result.stdout = session.clip(outcome.stdout);
  result.execution_time_ms = outcome.timeMs;
  result.cpu_time_ms = outcome.cpuMs;
  return result;
}

function sameLines(printed, expected) {
  const lines = (text) => String(text).replace(/^\n+|\n+$/g, '').split(/\r?\n/).map((l) => l.replace(/\s+$/, ''));
  const a = lines(printed);
  const b = lines(expected);
  return a.length === b.length && a.every((l, i) => l === b[i]);
}

function construct(target, args) {
  return solution.isClass(target) ? new target(...args) : target(...args);
}

async function judgeOne(session, test, compiled, fn, compare) {
  const result = { test_id: test.test_id, input: test.input || '' };
  if (!fn.name && !solution.definesFunctions(compiled)) {
    // A script: its input is stdin and it is judged on what it printed, line by line.
    const [, outcome] = await session.runModule(compiled, test.input || '', true);
    if (outcome.exception) return failed(session, result, outcome);
    const passed = sameLines(outcome.stdout, test.expected_output || '');
    return Object.assign(result, {
      verdict: passed ? 'AC' : 'WA', passed, actual_output: session.clip(outcome.stdout.replace(/\n+$/, '')),
      stdout: '', execution_time_ms: outcome.timeMs, cpu_time_ms: outcome.cpuMs,
    });
  }
  let args;
  let kwargs;
  let expected = null;
  const hasExpected = test.expected_output !== null && test.expected_output !== undefined && test.expected_output !== '';
  try {
    [args, kwargs] = values.parseArguments(test.input || '');
    if (hasExpected) expected = values.parseValue(test.expected_output);
  } catch (error) {
    return Object.assign(result, { verdict: 'IE', error_type: 'internal_error', error_message: `Bad test data: ${error.message}` });
  }
  const [loaded, loadOutcome] = await session.runModule(compiled, test.stdin || '');
  if (loadOutcome.exception) return failed(session, result, loadOutcome);
  let target;
  try {
    target = solution.findEntryPoint(loaded, fn.name || null);
  } catch (error) {
    return Object.assign(result, { verdict: 'RE', error_type: 'runtime_error', error_message: error.message });
  }
  if (!target) return Object.assign(result, { verdict: 'RE', error_type: 'runtime_error', error_message: 'The code defines no function to call.' });
  if (compare === 'operations') return judgeOperations(session, result, target, args, expected);
  const params = fn.params || [];
  const decoded = args.map((a, i) => values.decode(a, params[i] && params[i].type));
  for (const [name, value] of Object.entries(kwargs)) {
    const index = params.findIndex((p) => p.name === name);
    if (index < 0) {
      return Object.assign(result, { verdict: 'IE', error_type: 'internal_error', error_message: `Bad test data: no parameter named '${name}'` });
    }
    decoded[index] = values.decode(value, params[index].type);
  }
  const outcome = await session.call(() => construct(target, decoded), test.stdin || '');
  if (outcome.exception) return failed(session, result, outcome);
  let value = outcome.value;
  if (Number.isInteger(fn.inplace) && fn.inplace < decoded.length) value = decoded[fn.inplace];
  const actual = values.toJsonable(values.encode(value, fn.returns));
  result.actual_output = values.show(actual, session.showChars);
  result.stdout = session.clip(outcome.stdout);
  result.execution_time_ms = outcome.timeMs;
  result.cpu_time_ms = outcome.cpuMs;
  if (!hasExpected) return Object.assign(result, { verdict: 'AC', passed: true, expected_output: null });
  let passed;
  try {
    passed = values.same(compare, expected, actual);
  } catch (error) {
    return Object.assign(result, { verdict: 'IE', error_type: 'internal_error', error_message: `Checker failed: ${error.message}` });
  }
  return Object.assign(result, { verdict: passed ? 'AC' : 'WA', passed });
}

/** Design problems: construct the class, call each method, compare every return value. */
async function judgeOperations(session, result, cls, args, expected) {
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
        returns.push(values.encode(instance[name](...callArgs)));
      }
    });
    return returns;
  };
  const outcome = await session.call(play, '');
  if (outcome.exception) return failed(session, result, outcome);
  const actual = values.toJsonable(outcome.value);
  const passed = expected === null || values.equal(expected, actual);
  Object.assign(result, {
    verdict: passed ? 'AC' : 'WA', passed, actual_output: values.show(actual, session.showChars),
    stdout: session.clip(outcome.stdout), execution_time_ms: outcome.timeMs, cpu_time_ms: outcome.cpuMs,
  });
  if (!passed && Array.isArray(expected)) {
    for (let i = 0; i < Math.min(expected.length, actual.length); i++) {
      if (!values.equal(expected[i], actual[i])) {
        result.error_message = `Call ${i} (${operations[i]}) returned ${values.show(actual[i], 200)}, expected ${values.show(expected[i], 200)}`;
        break;
      }
    }
  }
  return result;
}

/** Judge mode: every test becomes a frame; a TLE, MLE or OLE stops the run. */
async function judgeTests(job, session, send) {
  const fn = job.function || {};
  const compiled = solution.compile(job.code, solution.SOLUTION_FILE, [fn.name]);
  if (compiled.error) return send('compile_error', compiled.error);
  const compare = job.compare || 'exact';
  for (const test of job.tests || []) {
    const result = await judgeOne(session, test, compiled, fn, compare);
    send('test', result);
    if (STOPPING.has(result.verdict)) break;
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
  if (outcome.exception) return Object.assign(payload, solution.describeError(outcome.exception), { return_value: null });
  payload.verdict = 'AC';
  payload.return_value = hasTarget ? values.show(values.encode(outcome.value), session.showChars) : null;
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

module.exports = { Session, judgeTests, executeOnce, sameLines };
