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
// JSON.stringify, Buffer.from or fs.writeSync cannot forge or break how a frame is written (and a
// frame they write themselves is refused by the app: RE, "your code wrote to the result channel").
const stringify = JSON.stringify;
const bufferFrom = Buffer.from;
const writeSync = fs.writeSync;
const assign = Object.assign;
const parse = JSON.parse;
const readSync = fs.readSync;
const bufferConcat = Buffer.concat;

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
      count = readSync.call(fs, 0, chunk, 0, chunk.length, null);
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
    pending = bufferConcat.call(Buffer, [pending, chunk.subarray(0, count)]);
  }
}

function writeAll(fd, text) {
  const data = bufferFrom.call(Buffer, text, 'utf8');
  let offset = 0;
  while (offset < data.length) {
    try {
      offset += writeSync.call(fs, fd, data, offset, data.length - offset);
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
    const body = shorten ? shorten(kind, payload) : assign({}, payload, { kind });
    if (body) writeAll(1, prefix + stringify(body) + '\n');
  };
}

function peakMemoryKb() {
  try {
    return process.resourceUsage().maxRSS;
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
    exit.call(process, 0); // a timer the learner left running must not keep the run alive
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
