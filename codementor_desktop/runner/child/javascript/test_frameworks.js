'use strict';
// bp_run_tests for JavaScript: Jest- and Mocha-style tests (describe, it, test, hooks, expect)
// on Node's built-in test runner. node:test schedules suites, hooks and async tests; every test
// and hook function is wrapped, so that its result, output, time and failing line are recorded
// here and sent as `case` frames. node:test's own report goes to a stream of its own.

const { Writable } = require('stream');
const vm = require('vm');
const solution = require('./solution_loader.js');
const values = require('./values.js');
const sandbox = require('./guard.js');
const coverageOf = require('./coverage.js');
const { expect, jest, NotSupportedHere } = require('./expect.js');
// Loaded before the guard goes up (this file is): the guard refuses node:test to the learner.
const nt = require('node:test');

const TEST_FILE = 'solution.test.js';
const MODULE_PARAMS = ['exports', 'require', 'module', '__filename', '__dirname'];
const SOLUTION_NAMES = ['./solution', './solution.js', '../solution', 'solution'];
const UNAVAILABLE = {
  chai: "chai is not available here: use expect(...) (Jest style) or require('assert').",
  sinon: 'sinon is not available here: the tests run on Node\'s test runner without mocks.',
};

class SkipSignal extends Error {}

function round3(ms) {
  return Math.round(ms * 1000) / 1000;
}

function lineIn(error, file) {
  const found = solution.lineOfStack(String((error && error.stack) || ''), file);
  return found ? found.line : null;
}

function traceOf(error, message) {
  const frames = String((error && error.stack) || '')
    .split('\n')
    .filter((l) => solution.isFrameOf(l, TEST_FILE) || solution.isFrameOf(l, solution.SOLUTION_FILE));
  return [message, ...frames.slice(0, 8).map((l) => '    ' + l.trim())].join('\n');
}

/** Pass, fail (an assertion) or error, with the verdict and where it happened. */
function classify(entry, error, budget) {
  if (budget.exceeded) error = new sandbox.OutputLimitExceeded();
  if (!error) return Object.assign(entry, { status: 'passed', verdict: 'AC', passed: true });
  entry.passed = false;
  entry.line_number = lineIn(error, TEST_FILE);
  entry.solution_line = lineIn(error, solution.SOLUTION_FILE);
  if (error instanceof SkipSignal) return Object.assign(entry, { status: 'skipped', verdict: null, passed: null, message: error.message });
  // The learner's test asked for what this runner lacks: an error of that test, never ours (IE).
  if (error instanceof NotSupportedHere) return Object.assign(entry, { status: 'error', verdict: 'RE', message: error.message });
  if (error && (error.name === 'AssertionError' || error.code === 'ERR_ASSERTION')) {
    return Object.assign(entry, { status: 'failed', verdict: 'WA', message: String(error.message) });
  }
  const described = solution.describeError(error, solution.SOLUTION_FILE);
  Object.assign(entry, { status: 'error', verdict: described.verdict, message: described.error_message });
  if (described.reason) entry.reason = described.reason;
  if (described.verdict === 'RE') entry.traceback = traceOf(error, described.error_message);
  return entry;
}

/** Records the tests as node:test runs them, and sends each one's frame. */
class Recorder {
  constructor(session, send) {
    this.session = session;
    this.send = send;
    this.cases = [];
    this.path = [];
    this.hookErrors = [];
    this.stopped = null;
    this.windows = null; // the coverage pass: each test's lines (coverage.js Windows)
    this.emitted = 0;
    this.skip = null; // the coverage pass: the test (by its place) the timed run's child was lost on
  }

  define(name) {
    const entry = { name: this.path.concat(String(name)).join(' > '), status: 'pending', path: this.path.slice() };
    this.cases.push(entry);
    return entry;
  }

  emit(entry) {
    const { path, ...frame } = entry;
    this.emitted += 1;
    this.send('case', frame);
  }

  /**
   * Run a learner's function (test or hook) with its time limit, `this` and `done` as Mocha gives
   * them. The limit is the run's CPU time per test; a timeout the test declares itself (Jest's
   * third argument) is wall time, as there, and only shortens the wall-clock backstop.
   */
  async call(fn, ownTimeoutMs = null) {
    const context = {
      timeout() {
        return this;
      },
      slow() {
        return this;
      },
      retries() {
        return this;
      },
      skip(reason) {
        throw new SkipSignal(reason || 'skipped');
      },
    };
    const clock = this.session.clock();
    if (ownTimeoutMs !== null && ownTimeoutMs < clock.wallMs) clock.wallMs = ownTimeoutMs;
    const body = fn.length > 0 ? () => new Promise((resolve, reject) => fn.call(context, (error) => (error ? reject(error) : resolve()))) : () => fn.call(context);
    const value = solution.runWithTimeout(body, clock.wallMs, () => clock.wallError());
    if (value && typeof value.then === 'function') await this.session.within(value, clock);
    const overLimit = clock.overLimit();
    if (overLimit) throw overLimit;
  }

  async run(entry, fn, ownTimeoutMs) {
    const { session } = this;
    if (this.stopped) {
      Object.assign(entry, { status: 'not_run', verdict: null, passed: false, message: this.stopped, reason: this.stopped });
      return this.emit(entry);
    }
    if (this.emitted === this.skip) {
      Object.assign(entry, { status: 'skipped', verdict: null, message: 'not run: the timed run was lost on it' });
      return this.emit(entry);
    }
    session.out.reset();
    session.err.reset();
    if (this.windows) this.windows.window(); // what ran before (hooks, the last test's end) is not this test's
    const started = solution.now();
    let error = null;
    try {
      await this.call(fn, ownTimeoutMs);
    } catch (caught) {
      error = caught;
    }
    entry.execution_time_ms = round3(solution.now() - started);
    if (this.windows) entry.covered_lines = this.windows.window();
    entry.stdout = session.clip(session.out.value() + session.err.value());
    classify(entry, error, session.budget);
    if (entry.verdict === 'OLE' || entry.verdict === 'MLE') {
      this.stopped = `not run: ${entry.name} ${entry.verdict === 'MLE' ? 'ran out of memory' : 'printed more than the output limit'}`;
    }
    this.emit(entry);
    if (error && !(error instanceof SkipSignal)) throw error; // node:test marks it failed too
  }

  /** Tests that never ran (a hook failed, or the run ended first) are reported as errors. */
  finish() {
    for (const entry of this.cases) {
      if (entry.status !== 'pending') continue;
      const hook = this.hookErrors.find((h) => h.path.every((part, i) => entry.path[i] === part));
      if (hook) {
        classify(entry, hook.error, { exceeded: false });
        entry.status = 'error';
        entry.message = `The ${hook.label} hook failed: ${entry.message}`;
      } else {
        Object.assign(entry, { status: 'error', verdict: 'RE', passed: false, message: 'The test did not run: its suite failed before it.' });
      }
      this.emit(entry);
    }
  }
}

function formatTitle(title, args, index) {
  let next = 0;
  let text = String(title).replace(/%[sdipjfo#%]/g, (token) => {
    if (token === '%%') return '%';
    if (token === '%#') return String(index);
    const value = args[next++];
    return token === '%p' || token === '%j' || token === '%o' ? JSON.stringify(value) : String(value);
  });
  if (args.length === 1 && args[0] && typeof args[0] === 'object' && !Array.isArray(args[0])) {
    text = text.replace(/\$([A-Za-z_]\w*)/g, (m, key) => (key in args[0] ? String(args[0][key]) : m));
  }
  return text;
}

/** describe/it/test/hooks for the test code, over node:test. */
function makeApi(nt, recorder, io) {
  const boot = (call) => {
    // node:test picks its report stream when it first starts: it gets a sink, not the learner's output.
    const result = call();
    io.override = null;
    return result;
  };
  const suite = (mode) =>
    function describe(title, fn) {
      const parent = recorder.path.slice();
      const name = String(title);
      if (mode === 'skip' || typeof fn !== 'function') {
        recorder.path = parent.concat(name);
        const entry = recorder.define('(skipped suite)');
        recorder.path = parent;
        Object.assign(entry, { status: 'skipped', verdict: null, message: 'the suite is skipped' });
        recorder.emit(entry);
        return boot(() => nt.describe(name, { skip: true }, () => {}));
      }
      const body = function () {
        const saved = recorder.path;
        recorder.path = parent.concat(name);
        try {
          return fn.call(this);
        } finally {
          recorder.path = saved;
        }
      };
      return boot(() => nt.describe(name, body));
    };
  const single = (mode) =>
    function it(title, fn, timeout) {
      const entry = recorder.define(title);
      if (mode === 'skip' || mode === 'todo' || typeof fn !== 'function') {
        Object.assign(entry, { status: 'skipped', verdict: null, message: mode === 'todo' || !fn ? 'todo' : 'skipped' });
        recorder.emit(entry);
        return boot(() => nt.it(String(title), { skip: true }, () => {}));
      }
      const ownTimeoutMs = typeof timeout === 'number' && timeout > 0 ? timeout : null;
      return boot(() => nt.it(String(title), () => recorder.run(entry, fn, ownTimeoutMs)));
    };
  const hook = (real, label) =>
    function registerHook(fn) {
      const path = recorder.path.slice();
      if (typeof fn !== 'function') return undefined;
      return boot(() =>
        real(async () => {
          try {
            await recorder.call(fn);
          } catch (error) {
            recorder.hookErrors.push({ path, label, error });
            throw error;
          }
        }),
      );
    };
  const withEach = (make) => {
    const fn = make('run');
    fn.skip = make('skip');
    fn.only = fn; // node:test honours .only only with --test-only: every test runs here
    fn.todo = make('todo');
    fn.each = (table) => {
      if (Array.isArray(table) && table.raw) throw new NotSupportedHere('Tagged-template tables in .each are not supported here: pass an array of rows.');
      return (title, body, timeout) =>
        table.forEach((row, index) => {
          const args = Array.isArray(row) ? row : [row];
          fn(formatTitle(title, args, index), function () {
            return body.apply(this, args);
          }, timeout);
        });
    };
    return fn;
  };
  const describe = withEach(suite);
  const it = withEach(single);
  const before = hook(nt.before, 'before');
  const after = hook(nt.after, 'after');
  const beforeEach = hook(nt.beforeEach, 'beforeEach');
  const afterEach = hook(nt.afterEach, 'afterEach');
  return {
    describe, context: describe, suite: describe, xdescribe: describe.skip, fdescribe: describe,
    it, test: it, specify: it, xit: it.skip, xtest: it.skip, fit: it,
    expect, jest,
    before, beforeAll: before, suiteSetup: before, after, afterAll: after, suiteTeardown: after,
    beforeEach, setup: beforeEach, afterEach, teardown: afterEach,
  };
}

function compileTests(code) {
  const head = '(function (' + MODULE_PARAMS.join(', ') + ') {';
  try {
    return { script: new vm.Script(head + String(code || '') + '\n})', { filename: TEST_FILE }) };
  } catch (error) {
    if (error && error.name === 'SyntaxError') return { error: solution.syntaxErrorPayload(error, String(code || ''), TEST_FILE, head.length) };
    throw error;
  }
}

/** Tests mode: resolves once node:test has run every test (the event loop is then empty). */
async function runTests(job, session, send, { io, coverage }) {
  io.override = new Writable({ write: (chunk, encoding, done) => done() });
  const compiled = solution.compile(job.code, solution.SOLUTION_FILE);
  if (compiled.error) return send('compile_error', Object.assign({ where: 'code' }, compiled.error));
  const recorder = new Recorder(session, send);
  // The timed run measures no coverage (V8's counters cost the learner's time): the coverage pass does.
  if (job.cover && coverage && coverage.collect) recorder.windows = new coverageOf.Windows(coverage, compiled);
  if (job.cover && Number.isInteger(job.cover.skip)) recorder.skip = job.cover.skip;
  const api = makeApi(nt, recorder, io);
  const tests = compileTests(job.test_code);
  if (tests.error) return send('compile_error', Object.assign({ where: 'tests' }, tests.error));
  const [loaded, outcome] = await session.runModule(compiled, '');
  if (outcome.exception) return send('load_error', Object.assign({ where: 'code' }, solution.describeError(outcome.exception)));
  const exported = loaded.exportsValue;
  const ownExports = exported && typeof exported === 'object' && !Object.keys(exported).length ? null : exported;
  const solutionExports = ownExports || Object.fromEntries(Object.entries(loaded.values).filter(([, v]) => v !== undefined));
  for (const name of SOLUTION_NAMES) session.modules[name] = solutionExports;
  for (const name of ['@jest/globals', 'mocha', 'node:test', 'test']) session.modules[name] = api;
  for (const [name, message] of Object.entries(UNAVAILABLE)) session.modules[name] = new NotSupportedHere(message);
  // Globals, not parameters: the tests may still declare their own (`const { expect } = require(...)`).
  for (const [name, value] of Object.entries(loaded.values)) if (value !== undefined) globalThis[name] = value;
  Object.assign(globalThis, { TreeNode: values.TreeNode, ListNode: values.ListNode }, api);
  const all = new Promise((resolve) => process.once('beforeExit', resolve));
  const wrapper = tests.script.runInThisContext();
  const module = { exports: {} };
  const args = [module.exports, session.require, module, TEST_FILE, session.workdir];
  const load = await session.call(() => wrapper.apply(module.exports, args), '');
  io.override = null;
  if (load.exception) return send('load_error', Object.assign({ where: 'tests' }, solution.describeError(load.exception, TEST_FILE)));
  if (!recorder.cases.length) return undefined; // the parent says that no tests were found
  await all;
  recorder.finish();
  if (!job.cover) return undefined;
  if (recorder.windows) send('coverage', recorder.windows.summary());
  else send('coverage', { unavailable: (coverage && coverage.reason) || 'V8 reported no coverage for the code' });
  return undefined;
}

module.exports = { runTests, formatTitle };
