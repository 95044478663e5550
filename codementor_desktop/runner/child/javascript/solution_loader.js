'use strict';
// The learner's JavaScript, loaded as a plain script inside a CommonJS-like wrapper: its
// top-level names are found without a parser (declarations start a line, as learners write
// them), compile errors become CE with their line, and errors point at the learner's lines.

const vm = require('vm');
const util = require('util');
const sandbox = require('./guard.js');

const SOLUTION_FILE = 'solution.js';
const PARAMS = ['exports', 'require', 'module', '__filename', '__dirname', 'TreeNode', 'ListNode'];
const HEAD = '(function (' + PARAMS.join(', ') + ') {';
const DECLARATION = /^(?:(?:async\s+)?function\s*\*?\s*([A-Za-z_$][\w$]*)|class\s+([A-Za-z_$][\w$]*)|(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=)/;
const FUNCTION_VALUE = /^\s*(?:async\b|function\b|class\b|\([^)]*\)\s*=>|[A-Za-z_$][\w$]*\s*=>)/;
let callScript = null;

// The clocks, taken when this module loads, before the learner's code: that code may replace
// process.cpuUsage or process.hrtime, but a test's times are read from these.
const hrtimeBig = process.hrtime.bigint;
const cpuUsage = process.cpuUsage;

/** Milliseconds from a fixed point (the `performance` global costs a millisecond to load). */
function now() {
  return Number(hrtimeBig()) / 1e6;
}

/** Milliseconds of CPU time this process has used (all its threads, the garbage collector's too). */
function cpuNow() {
  const usage = cpuUsage();
  return (usage.user + usage.system) / 1000;
}

class EntryPointError extends Error {}

class TimeLimitExceeded extends Error {
  constructor(message) {
    super(message || 'Time limit exceeded');
    this.name = 'TimeLimitExceeded';
  }
}

/**
 * The clocks of one test. The limit is CPU time, so that a busy machine does not flip a verdict;
 * V8 can only interrupt a synchronous loop on the wall clock, so the wall clock (at `wallFactor`
 * times the limit, 60 s at most) is the backstop, and the CPU time is checked when the call
 * returns. The parent, which watches this process's CPU time, stops a loop at the limit itself.
 */
class TestClock {
  constructor(limitMs, wallFactor = 3) {
    this.limitMs = limitMs;
    this.wallMs = Math.min(limitMs * (Number(wallFactor) || 3), 60000);
    this.started = now();
    this.cpuStarted = cpuNow();
  }

  elapsedMs() {
    return now() - this.started;
  }

  cpuMs() {
    return cpuNow() - this.cpuStarted;
  }

  /** The error a call that used too much CPU time ends with, or null. */
  overLimit() {
    if (this.cpuMs() <= this.limitMs) return null;
    return new TimeLimitExceeded(`Time limit exceeded: over ${this.limitMs / 1000} s of CPU time`);
  }

  wallError() {
    return new TimeLimitExceeded(
      `Time limit exceeded: still running after ${this.wallMs / 1000} s of wall-clock time, three times the limit, ` +
        `having used ${(this.cpuMs() / 1000).toFixed(1)} s of CPU time (is it waiting for something, or is the machine very busy?)`,
    );
  }
}

/** ES module syntax at the start of a line becomes plain script (learners paste both). */
function asScript(code) {
  return code
    .replace(/^export\s+default\s+(?=(?:async\s+)?function|class)/gm, '')
    .replace(/^export\s+(?=(?:async\s+)?function|class|const|let|var)/gm, '')
    .replace(/^export\s*\{[^}]*\};?/gm, '');
}

/** The names a script declares at the start of a line, in order: [{name, kind}]. */
function topLevelNames(code) {
  const found = [];
  const seen = new Set();
  for (const line of code.split('\n')) {
    const match = DECLARATION.exec(line);
    if (!match) continue;
    const name = match[1] || match[2] || match[3];
    if (seen.has(name)) continue;
    seen.add(name);
    let kind = match[1] ? 'function' : match[2] ? 'class' : 'value';
    if (kind === 'value' && FUNCTION_VALUE.test(line.slice(match[0].length))) kind = 'function';
    found.push({ name, kind });
  }
  return found;
}

function inFile(file) {
  // "at f (solution.js:3:5)" or "at solution.js:3:5", and not "solution.js"
  return new RegExp('(?:^|[\\s(])' + file.replace(/\./g, '\\.') + ':(\\d+)(?::(\\d+))?');
}

/** True when a stack line is a frame of `file`. */
function isFrameOf(line, file) {
  return /^\s+at /.test(line) && inFile(file).test(line);
}

function lineOfStack(stack, file) {
  const match = inFile(file).exec(stack || '');
  return match ? { line: Number(match[1]), column: match[2] ? Number(match[2]) : null } : null;
}

/** A compile error of `code` as the CE payload, or null when it compiles. */
function syntaxErrorPayload(error, code, file, headLength = HEAD.length) {
  const lines = code.split('\n');
  const where = lineOfStack(String(error.stack || '').split('\n')[0], file) || { line: lines.length };
  const line = Math.min(Math.max(where.line, 1), lines.length);
  const caret = /\n( *)\^/.exec(String(error.stack || ''));
  let column = caret ? caret[1].length + 1 : null;
  if (column !== null && line === 1) column = Math.max(1, column - headLength);
  return {
    verdict: 'CE',
    error_type: 'syntax_error',
    error_message: `SyntaxError: ${error.message}`,
    line_number: line,
    column,
    source_line: lines[line - 1] || '',
  };
}

/** Compile the learner's code once; `load()` runs a fresh copy of its body each time. */
function compile(code, file = SOLUTION_FILE, extraNames = []) {
  const source = asScript(String(code || ''));
  const names = topLevelNames(source);
  const wanted = new Set(names.map((n) => n.name));
  for (const name of extraNames) if (name && /^[A-Za-z_$][\w$]*$/.test(name)) wanted.add(name);
  const returned = Array.from(wanted, (n) => `${JSON.stringify(n)}: typeof ${n} === 'undefined' ? undefined : ${n}`);
  const text = HEAD + source + '\n;return {' + returned.join(', ') + '};\n})';
  let script;
  try {
    script = new vm.Script(text, { filename: file });
  } catch (error) {
    if (error && error.name === 'SyntaxError') return { error: syntaxErrorPayload(error, source, file) };
    throw error;
  }
  return { script, names, source, text, file, offset: HEAD.length };
}

/** Run `fn` with a wall-clock limit that interrupts even an endless synchronous loop; `timeoutError()` makes its error. */
function runWithTimeout(fn, ms, timeoutError = null) {
  globalThis[Symbol.for('codementor.call')] = fn;
  if (callScript === null) callScript = new vm.Script('globalThis[Symbol.for("codementor.call")]()', { filename: 'harness' });
  try {
    return callScript.runInThisContext({ timeout: Math.max(1, Math.round(ms)) });
  } catch (error) {
    if (error && error.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw timeoutError ? timeoutError() : new TimeLimitExceeded();
    throw error;
  } finally {
    delete globalThis[Symbol.for('codementor.call')];
  }
}

function isClass(fn) {
  return typeof fn === 'function' && /^class[\s{]/.test(Function.prototype.toString.call(fn));
}

/**
 * The function to call: `wanted`, or the only top-level function, or the one the others do not
 * call. Returns null when there is none; throws LookupError-like errors with a sentence.
 */
function findEntryPoint(loaded, wanted) {
  const { names, values, exportsValue } = loaded;
  if (wanted) {
    const candidates = [values[wanted], exportsValue && exportsValue[wanted], globalThis[wanted]];
    const found = candidates.find((v) => typeof v === 'function');
    if (found) return found;
    throw new EntryPointError(`The code defines no function or class named '${wanted}'.`);
  }
  const plain = names.filter((n) => typeof values[n.name] === 'function' && !isClass(values[n.name]));
  if (plain.length === 1) return values[plain[0].name];
  if (!plain.length) return typeof exportsValue === 'function' ? exportsValue : null;
  const sources = plain.map((n) => Function.prototype.toString.call(values[n.name]));
  const roots = plain.filter((n, i) => !sources.some((text, j) => j !== i && new RegExp('\\b' + n.name.replace(/\$/g, '\\$') + '\\b').test(text)));
  if (roots.length === 1) return values[roots[0].name];
  throw new EntryPointError(
    `The code defines several functions (${plain.map((n) => n.name).sort().join(', ')}); say which one to call with entry_point.`,
  );
}

const PERMISSIONS = {
  FileSystemWrite: 'Writing files outside the run\'s own folder',
  FileSystemRead: 'Reading files outside the run\'s own folder',
  ChildProcess: 'Starting other programs',
  WorkerThreads: 'Starting threads',
};

/** Node's permission model says "Access to this API has been restricted": say what and where. */
function permissionError(error) {
  const what = PERMISSIONS[error.permission] || 'This operation';
  const where = error.resource ? ` (${error.resource})` : '';
  const violation = new sandbox.SandboxViolation(`${what} is not allowed in the practice sandbox${where}.`);
  violation.stack = `${violation.name}: ${violation.message}\n` + String(error.stack || '').split('\n').slice(1).join('\n');
  return violation;
}

/** The verdict and error fields for something the learner's code threw. */
function describeError(error, file = SOLUTION_FILE) {
  if (error instanceof TimeLimitExceeded) return { verdict: 'TLE', error_type: 'timeout', error_message: error.message, reason: 'time' };
  if (error instanceof sandbox.OutputLimitExceeded) return { verdict: 'OLE', error_type: 'output_limit', error_message: error.message };
  if (error instanceof RangeError && /Array buffer allocation failed|Out of memory/i.test(error.message)) {
    return { verdict: 'MLE', error_type: 'memory_limit', error_message: `Memory limit exceeded (${error.message})` };
  }
  if (error instanceof sandbox.ExitRequest) return { verdict: 'RE', error_type: 'runtime_error', error_message: error.message };
  if (error && error.code === 'ERR_ACCESS_DENIED') error = permissionError(error);
  const isError = error instanceof Error || (error && typeof error.stack === 'string');
  let message = isError ? `${error.name || 'Error'}: ${error.message}` : `Uncaught ${util.inspect(error, { depth: 2 })}`;
  if (isError && !error.message) message = error.name || 'Error';
  if (error instanceof RangeError && /call stack/i.test(error.message)) {
    message += ' (the recursion went too deep: is a base case missing?)';
  }
  const stack = isError ? String(error.stack || '') : '';
  const frames = stack.split('\n').filter((l) => isFrameOf(l, file)).slice(0, 8);
  const where = lineOfStack(frames.join('\n'), file);
  return {
    verdict: 'RE',
    error_type: 'runtime_error',
    error_message: message,
    line_number: where ? where.line : null,
    traceback: [message, ...frames.map((l) => '    ' + l.trim())].join('\n'),
  };
}

/** True when the code defines a function or class (else it is judged as a script). */
function definesFunctions(compiled) {
  return compiled.names.some((n) => n.kind !== 'value');
}

module.exports = {
  now, cpuNow, TestClock, definesFunctions, SOLUTION_FILE, TimeLimitExceeded, EntryPointError, compile, topLevelNames, runWithTimeout, findEntryPoint,
  describeError, isClass, syntaxErrorPayload, lineOfStack, isFrameOf,
};
