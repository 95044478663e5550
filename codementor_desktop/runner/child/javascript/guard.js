'use strict';
// What a JavaScript child does to itself before the learner's code runs: it captures what the
// code prints, and guards what Node's permission model leaves open (the network, signals to
// other processes, native code). Like the Python guard, a practice fence, not a security
// boundary: the operating system limits and Node's permission model come from the parent.

const Module = module.constructor; // require('module') without loading it again (it costs half a millisecond)

class SandboxViolation extends Error {
  constructor(message) {
    super(message);
    this.name = 'SandboxViolation';
  }
}

class OutputLimitExceeded extends Error {
  constructor(message) {
    super(message || 'Output limit exceeded');
    this.name = 'OutputLimitExceeded';
  }
}

class ExitRequest extends Error {
  constructor(code) {
    super(`The program exited with status ${code}`);
    this.name = 'ExitRequest';
    this.exitCode = code;
  }
}

// The built-in modules learner code may load, by name (with or without `node:`); every other
// built-in is refused, the internal ones (`_http_client`, `_tls_wrap`, `_stream_wrap`...) among
// them. An allow-list, so that a module a newer Node adds, or one that reaches the network or
// other processes under another name, is closed until someone lists it. The README lists them.
const ALLOWED_MODULES = new Set([
  'assert', 'assert/strict', 'async_hooks', 'buffer', 'console', 'constants', 'crypto', 'events', 'fs',
  'fs/promises', 'os', 'path', 'path/posix', 'path/win32', 'perf_hooks', 'process', 'punycode', 'querystring',
  'readline', 'readline/promises', 'stream', 'stream/consumers', 'stream/promises', 'stream/web', 'string_decoder',
  'sys', 'timers', 'timers/promises', 'url', 'util', 'util/types', 'vm', 'zlib',
]);
// Why a well-known refused module is refused, for the learner's message.
const REFUSED_WHY = {
  net: 'Network access', http: 'Network access', https: 'Network access', http2: 'Network access',
  tls: 'Network access', dgram: 'Network access', dns: 'Network access', 'dns/promises': 'Network access',
  child_process: 'Starting other programs', cluster: 'Starting processes', worker_threads: 'Starting threads',
  inspector: 'The inspector', 'inspector/promises': 'The inspector', repl: 'The REPL', test: 'The test runner',
  v8: 'Reading the heap', module: "The module loader's internals",
};

/** How many characters of output the whole run may still produce (shared by stdout and stderr). */
class OutputBudget {
  constructor(limit) {
    this.limit = limit;
    this.used = 0;
    this.exceeded = false;
  }

  take(count) {
    this.used += count;
    if (this.used > this.limit) this.exceeded = true;
    return !this.exceeded;
  }
}

/** A write-only stream that keeps what the learner prints, up to the run's budget. */
class CapturedOutput {
  constructor(budget) {
    this.budget = budget;
    this.parts = [];
    this.isTTY = false;
    this.columns = 80;
    this.writable = true;
    this.fd = -1;
  }

  write(chunk, encoding, callback) {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    if (!this.budget.take(text.length)) throw new OutputLimitExceeded();
    this.parts.push(text);
    const done = typeof encoding === 'function' ? encoding : callback;
    if (typeof done === 'function') process.nextTick(done);
    return true;
  }

  value() {
    return this.parts.join('');
  }

  reset() {
    this.parts = [];
  }

  // What code that treats it as a stream may call.
  end() {}
  on() {
    return this;
  }
  once() {
    return this;
  }
  off() {
    return this;
  }
  removeListener() {
    return this;
  }
  emit() {
    return false;
  }
  listenerCount() {
    return 0;
  }
  cork() {}
  uncork() {}
  getColorDepth() {
    return 1;
  }
  hasColors() {
    return false;
  }
}

function refuse(message) {
  return function blocked() {
    throw new SandboxViolation(message);
  };
}

/**
 * Point process.stdout / process.stderr and console at captured streams (before anything reads
 * them). `io.override`, when set, is what process.stdout gives instead: the test runner hands its
 * reporter a stream of its own that way.
 */
function captureOutput(budget) {
  const io = { budget, out: new CapturedOutput(budget), err: new CapturedOutput(budget), override: null };
  Object.defineProperty(process, 'stdout', { configurable: true, enumerable: true, get: () => io.override || io.out });
  Object.defineProperty(process, 'stderr', { configurable: true, enumerable: true, get: () => io.err });
  // Made on first use: most runs never print, and a Console costs a few tenths of a millisecond.
  let learnerConsole = null;
  Object.defineProperty(globalThis, 'console', {
    configurable: true,
    get() {
      if (learnerConsole === null) {
        const { Console } = require('console');
        learnerConsole = new Console({ stdout: io.out, stderr: io.err, ignoreErrors: false, colorMode: false });
      }
      return learnerConsole;
    },
    set(value) {
      learnerConsole = value;
    },
  });
  return io;
}

/** True when `request` names a built-in module (`fs`, `node:fs`, `_http_client`, `node:test`). */
function isBuiltin(request) {
  if (typeof Module.isBuiltin === 'function') return Module.isBuiltin(request);
  const name = request.replace(/^node:/, '');
  return Module.builtinModules.includes(name) || request.startsWith('node:');
}

/** A built-in module as the learner may have it: listed, and `os` without renicing others. */
function guardedBuiltin(request, load) {
  const text = String(request);
  const name = text.replace(/^node:/, '');
  if (!ALLOWED_MODULES.has(name) && isBuiltin(text)) {
    const why = REFUSED_WHY[name] || (name.startsWith('_') ? "Node's internal modules" : 'This module');
    throw new SandboxViolation(`${why} is not allowed in the practice sandbox (the module '${name}').`);
  }
  const module = load();
  if (name === 'os' && module) guardOs(module);
  if (name === 'vm' && module) closeDynamicImport(module); // the harness compiles with vm too
  return module;
}

/** os.setPriority(pid, ...) reaches any process of this user (the app): only this one passes. */
function guardOs(os) {
  if (os.setPriority.guarded) return;
  const setPriority = os.setPriority;
  const ownPid = process.pid;
  const guarded = function setPriorityOfThisProcess(pid, priority) {
    if (arguments.length >= 2 && Number(pid) !== 0 && Number(pid) !== ownPid) {
      throw new SandboxViolation("Changing another process's priority is not allowed here (os.setPriority).");
    }
    return setPriority.apply(this, arguments);
  };
  guarded.guarded = true;
  os.setPriority = guarded;
}

/** vm's importModuleDynamically reaches every built-in through the ES module loader, not require. */
function closeDynamicImport(vm) {
  if (vm.Script.guarded) return;
  const check = (options) => {
    if (options && typeof options === 'object' && options.importModuleDynamically !== undefined) {
      throw new SandboxViolation('Importing modules through vm is not allowed in the practice sandbox.');
    }
  };
  const OriginalScript = vm.Script;
  class Script extends OriginalScript {
    constructor(code, options) {
      check(options);
      super(code, options);
    }
  }
  Script.guarded = true;
  vm.Script = Script;
  // Where each function takes its options: (code, options) or (code, context or params, options).
  for (const [name, at] of [['runInThisContext', 1], ['runInContext', 2], ['runInNewContext', 2], ['compileFunction', 2]]) {
    const original = vm[name];
    if (typeof original !== 'function') continue;
    vm[name] = function guardedVm(...args) {
      check(args[at]);
      return original.apply(this, args);
    };
  }
}

/** Install the guard; the harness takes what it needs of the guarded APIs before this. */
function installGuard() {
  const originalLoad = Module._load;
  Module._load = function load(request) {
    return guardedBuiltin(request, () => originalLoad.apply(this, arguments));
  };
  // The same built-ins without require (Node 20.16 and later).
  const getBuiltinModule = process.getBuiltinModule;
  if (typeof getBuiltinModule === 'function') {
    Object.defineProperty(process, 'getBuiltinModule', {
      configurable: false,
      writable: false,
      value: function guardedGetBuiltinModule(id) {
        return guardedBuiltin(id, () => getBuiltinModule.call(process, id));
      },
    });
  }
  for (const name of ['fetch', 'WebSocket', 'EventSource']) {
    if (name in globalThis) {
      Object.defineProperty(globalThis, name, {
        configurable: false,
        writable: false,
        value: refuse(`Network access is not allowed in the practice sandbox (${name}).`),
      });
    }
  }
  const native = refuse('Native code is not allowed in the practice sandbox.');
  for (const name of ['binding', '_linkedBinding', 'dlopen']) {
    try {
      Object.defineProperty(process, name, { configurable: false, writable: false, value: native });
    } catch (_) {
      // an older Node without it
    }
  }
  const ownPid = process.pid;
  // process.kill calls process._kill. SIGUSR1 (or _debugProcess, which sends it) opens the
  // inspector, a debugger port on the network.
  const inspectorSignal = require('os').constants.signals.SIGUSR1;
  const rawKill = process._kill;
  if (typeof rawKill === 'function') {
    Object.defineProperty(process, '_kill', {
      configurable: false,
      writable: false,
      value: function _kill(pid, signal) {
        if (Number(pid) !== ownPid) throw new SandboxViolation('Sending signals to other processes is not allowed here (process._kill).');
        if (signal === inspectorSignal) throw new SandboxViolation('Opening the inspector (SIGUSR1) is not allowed here.');
        return rawKill.call(process, pid, signal);
      },
    });
  }
  if (typeof process._debugProcess === 'function') {
    Object.defineProperty(process, '_debugProcess', {
      configurable: false,
      writable: false,
      value: refuse('Opening the inspector is not allowed here (process._debugProcess).'),
    });
  }
  const realKill = process.kill.bind(process);
  process.kill = function kill(pid, signal) {
    if (Number(pid) !== ownPid) throw new SandboxViolation('Sending signals to other processes is not allowed here (process.kill).');
    return realKill(pid, signal);
  };
  process.exit = function exit(code) {
    throw new ExitRequest(code === undefined ? 0 : code);
  };
  process.reallyExit = process.exit;
  process.abort = refuse('process.abort() is not allowed here.');
  for (const name of ['setuid', 'setgid', 'seteuid', 'setegid', 'setgroups', 'initgroups', 'chdir']) {
    if (typeof process[name] === 'function') process[name] = refuse(`process.${name}() is not allowed here.`);
  }
}

const PATH_WRITERS = [
  'writeFile', 'appendFile', 'mkdir', 'mkdtemp', 'rm', 'rmdir', 'unlink', 'truncate', 'chmod', 'chown', 'lchown',
  'utimes', 'lutimes', 'createWriteStream',
];
const TWO_PATH_WRITERS = ['rename', 'copyFile', 'cp', 'link', 'symlink'];
const WRITE_FLAGS = /[wa+]/;

/**
 * Writes only inside the run's folder, where Node's permission model is not there to say so
 * (Node 18, or a Piston server, which starts Node without flags).
 */
function guardWrites(workdir) {
  const fs = require('fs');
  const path = require('path');
  const root = path.resolve(workdir);
  const inside = (target) => {
    if (typeof target === 'number' || target === undefined || target === null) return true;
    const full = path.resolve(root, String(target instanceof URL ? target.pathname : target));
    return full === root || full.startsWith(root + path.sep) || full === '/dev/null';
  };
  const check = (name, targets) => {
    for (const target of targets) {
      if (!inside(target)) {
        throw new SandboxViolation(`Writing files outside the run's own folder is not allowed in the practice sandbox (${name}: ${target}).`);
      }
    }
  };
  const wrap = (object, name, paths) => {
    const original = object[name];
    if (typeof original !== 'function') return;
    object[name] = function guarded(...args) {
      check(name, args.slice(0, paths));
      return original.apply(this, args);
    };
  };
  for (const suffix of ['', 'Sync']) {
    for (const name of PATH_WRITERS) wrap(fs, name + suffix, 1);
    for (const name of TWO_PATH_WRITERS) wrap(fs, name + suffix, 2);
  }
  const writing = (flags) => flags !== undefined && (typeof flags === 'number' ? (flags & 0o3) || (flags & 0o100) : WRITE_FLAGS.test(String(flags)));
  for (const [object, name] of [[fs, 'open'], [fs, 'openSync'], [fs.promises, 'open']]) {
    const original = object[name];
    object[name] = function guardedOpen(file, flags, ...rest) {
      if (writing(flags)) check(name, [file]);
      return original.call(this, file, flags, ...rest);
    };
  }
  for (const name of PATH_WRITERS.concat(TWO_PATH_WRITERS)) wrap(fs.promises, name, TWO_PATH_WRITERS.includes(name) ? 2 : 1);
}

module.exports = {
  SandboxViolation, OutputLimitExceeded, ExitRequest, OutputBudget, CapturedOutput, captureOutput, installGuard, guardWrites,
};
