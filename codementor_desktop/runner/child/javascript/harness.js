'use strict';
// The JavaScript child: read one job from stdin, guard this process, run, report frames.
//
// The same protocol as the Python child (entry.py): one JSON job in; frames out, each a line
// "\n\x1eCM1:<nonce>:<json>\n" on the real stdout, apart from what the learner prints (captured
// in memory). Node's built-ins only: it runs from a source install, the frozen app and Piston.
// Started by the parent with the heap limit and Node's permission model; the parent also sets
// RLIMIT_DATA before it writes the job, so the job is this process's "go" signal.

const fs = require('fs');
const path = require('path');

const PROTOCOL = 1;

function pause(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

// The channel's own references, taken before the learner's code loads: a learner who patches
// JSON.stringify, Object.prototype.toJSON, a setter on Object.prototype, Buffer.from,
// fs.writeSync or Function.prototype.call cannot forge or break how a frame is written (and a
// frame they write themselves is refused by the app: RE, "your code wrote to the result channel").
const stringify = JSON.stringify; // only ever given a string, a number or a boolean: no toJSON then
const bufferFrom = Buffer.from;
const writeSync = fs.writeSync;
const parse = JSON.parse;
const readSync = fs.readSync;
const bufferConcat = Buffer.concat;
const apply = Reflect.apply;
const ownKeys = Object.keys;
const ownProperty = Object.getOwnPropertyDescriptor;
const hasOwn = Object.prototype.hasOwnProperty;
const isArray = Array.isArray;
const blank = Object.create;
const byteLength = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Uint8Array.prototype), 'length').get;
const resourceUsage = process.resourceUsage;
const MAX_DEPTH = 200;

/** The value of an own data property, or `absent` (a getter is never called, nor anything inherited). */
function dataOf(object, key, absent) {
  const slot = ownProperty(object, key);
  return slot && apply(hasOwn, slot, ['value']) ? slot.value : absent;
}

/**
 * JSON text of a frame's payload, written here: only own enumerable data properties are read
 * (never a getter, never toJSON), arrays by index, and every step uses the references above.
 */
function serialise(value, depth) {
  if (value === null || value === undefined) return 'null';
  const type = typeof value;
  if (type === 'string' || type === 'boolean') return stringify(value);
  if (type === 'number') return stringify(value); // NaN and Infinity become null, as in JSON.stringify
  if (type === 'bigint') return stringify(`${value}`);
  if (type !== 'object' || depth > MAX_DEPTH) return 'null';
  let text = '';
  if (isArray(value)) {
    const length = dataOf(value, 'length', 0);
    for (let i = 0; i < length; i += 1) {
      const item = dataOf(value, `${i}`, null);
      text += (i ? ',' : '') + (typeof item === 'function' || typeof item === 'symbol' ? 'null' : serialise(item, depth + 1));
    }
    return `[${text}]`;
  }
  const keys = ownKeys(value);
  for (let i = 0; i < keys.length; i += 1) {
    const item = dataOf(value, keys[i], undefined); // a getter is never called
    if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
    text += `${text ? ',' : ''}${stringify(keys[i])}:${serialise(item, depth + 1)}`;
  }
  return `{${text}}`;
}

// The job is the channel's first line; a batch child's inputs come after it, one line a batch.
// Read here with the channel's own references, never through what the learner can patch.
let pending = Buffer.alloc(0);
function readLine() {
  const chunk = Buffer.alloc(65536);
  for (;;) {
    const end = pending.indexOf(10);
    if (end >= 0) {
      const line = pending.subarray(0, end).toString('utf8');
      pending = pending.subarray(end + 1);
      return line;
    }
    let count;
    try {
      count = apply(readSync, fs, [0, chunk, 0, chunk.length, null]);
    } catch (error) {
      if (error.code === 'EAGAIN') {
        pause(1);
        continue;
      }
      if (error.code === 'EOF') count = 0;
      else throw error;
    }
    if (count === 0) {
      if (!pending.length) return null;
      const rest = pending.toString('utf8');
      pending = Buffer.alloc(0);
      return rest;
    }
    pending = apply(bufferConcat, Buffer, [[pending, chunk.subarray(0, count)]]);
  }
}

function writeAll(fd, text) {
  const data = apply(bufferFrom, Buffer, [text, 'utf8']);
  const length = apply(byteLength, data, []);
  let offset = 0;
  while (offset < length) {
    try {
      offset += apply(writeSync, fs, [fd, data, offset, length - offset]);
    } catch (error) {
      if (error.code !== 'EAGAIN') throw error;
      pause(1); // a non-blocking pipe that is full: wait for the parent to read
    }
  }
}

function frameWriter(nonce, compact, compare) {
  const prefix = `\n\x1eCM${PROTOCOL}:${nonce}:`;
  const shorten = compact ? require('./compact.js').compactor(compare) : null; // a Piston run
  return function send(kind, payload) {
    let body = shorten ? shorten(kind, payload) : null;
    if (!shorten) {
      // A prototype-less copy: no setter the learner put on Object.prototype runs, and "kind" is ours.
      body = blank(null);
      const keys = ownKeys(payload || {});
      for (let i = 0; i < keys.length; i += 1) {
        const item = dataOf(payload, keys[i], undefined);
        if (item !== undefined) body[keys[i]] = item;
      }
      body.kind = kind;
    }
    if (body) writeAll(1, `${prefix}${serialise(body, 0)}\n`);
  };
}

function peakMemoryKb() {
  try {
    return apply(resourceUsage, process, []).maxRSS;
  } catch (_) {
    return null;
  }
}

// Started before its job (runner/standby.py): load now what every run loads, say so on stderr
// (the parent reads exactly this line), then wait for the job like any child.
function waitAsStandby() {
  require('./guard.js');
  require('./judge.js');
  writeAll(2, 'codementor standby ready\n');
}

function main() {
  if (process.argv.slice(2).includes('--standby')) waitAsStandby();
  const job = parse(readLine() || '{}');
  const nonce = String(job.nonce || '');
  delete job.nonce;
  if (job.code === undefined && job.code_file) job.code = fs.readFileSync(path.join(__dirname, path.basename(job.code_file)), 'utf8');
  const send = frameWriter(nonce, Boolean(job.compact), job.compare);
  const workdir = process.cwd();
  const limits = job.limits || {};
  const sandbox = require('./guard.js');
  const judge = require('./judge.js');
  const mode = job.mode || 'judge';
  const modes = {
    judge: () => judge.judgeTests,
    execute: () => judge.executeOnce,
    tests: () => require('./test_frameworks.js').runTests,
    batch: () => judge.serveBatches,
    trace: () => require('./trace_run.js').traceProgram,
    breakpoint: () => require('./trace_breakpoint.js').breakpointProgram,
  };
  const io = sandbox.captureOutput(new sandbox.OutputBudget(Number(limits.output_bytes || 1024 * 1024)));
  if (!modes[mode]) {
    send('internal_error', { message: `mode '${mode}' is not available for JavaScript` });
    send('done', { memory_used_kb: peakMemoryKb() });
    return;
  }
  const handler = modes[mode]();
  // Coverage needs V8 natives for a moment: taken before the guard closes V8's flags.
  const coverage = mode === 'tests' && job.cover ? require('./coverage.js').start() : null;
  const session = new judge.Session(job, io, workdir);
  if (mode !== 'tests') {
    // Errors thrown later by callbacks the learner scheduled belong to the test that runs.
    process.on('uncaughtException', (error) => session.asyncErrors.push(error));
    process.on('unhandledRejection', (error) => session.asyncErrors.push(error));
  }
  // The guard takes process.exit (and reallyExit, which it calls) from the learner: keep both.
  const [exit, reallyExit] = [process.exit, process.reallyExit];
  if (job.guard !== false) {
    sandbox.installGuard();
    if (!process.permission) sandbox.guardWrites(workdir); // no permission model here
  }
  send('started', { pid: process.pid, node: process.versions.node });
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    send('done', { memory_used_kb: peakMemoryKb() });
    process.reallyExit = reallyExit;
    apply(exit, process, [0]); // a timer the learner left running must not keep the run alive
  };
  Promise.resolve()
    // A stopped trace has sent its closing frame: it ends the child at once, from inside the learner's code.
    .then(() => handler(job, session, send, { io, coverage, readLine, parse, exitNow: () => finish() }))
    .then(finish, (error) => {
      if (error instanceof RangeError && /allocation failed/i.test(error.message)) {
        send('internal_error', { message: 'out of memory in the harness', verdict: 'MLE' });
      } else {
        send('internal_error', { message: String((error && error.message) || error), detail: String((error && error.stack) || '').slice(-4000) });
      }
      finish();
    });
}

main();
