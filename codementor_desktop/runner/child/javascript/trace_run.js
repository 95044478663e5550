'use strict';
// The trace and breakpoint modes of the JavaScript child: the instrumented program (made by the
// app, runner/js_instrument.py) runs under the tracer, then its entry function with the job's
// input, by execute mode's rule (judge.js); the end of the run becomes the closing frame.

const path = require('path');
const vm = require('vm');
const solution = require('./solution_loader.js');
const values = require('./values.js');
const { Tracer } = require('./tracer.js');
const { Checks } = require('./plan_checks.js');
const { Heap } = require('./trace_heap.js');
const declared = require('./declared_call.js');

const PARAMS = ['exports', 'require', 'module', '__filename', '__dirname', 'TreeNode', 'ListNode', '__cmT'];
const RETURN_MARK = '/*__cm_return__*/';

/** The learner's code checked by Node (a real syntax error is CE), then the instrumented program compiled. */
function compileTraced(job, send) {
  const entry = entryName(job);
  const compiled = solution.compile(job.code, solution.SOLUTION_FILE, [entry]);
  if (compiled.error) {
    send('compile_error', compiled.error);
    return null;
  }
  const traced = job.instrumented || {};
  if (typeof traced.text !== 'string') {
    send('internal_error', { message: `The code could not be prepared for tracing: ${traced.error || 'no instrumented program'}` });
    return null;
  }
  const wanted = new Set(compiled.names.map((n) => n.name));
  if (entry && /^[A-Za-z_$][\w$]*$/.test(entry)) wanted.add(entry);
  const returned = Array.from(wanted, (n) => `${JSON.stringify(n)}: typeof ${n} === 'undefined' ? undefined : ${n}`);
  const body = traced.text.replace(RETURN_MARK, `return {${returned.join(', ')}};`);
  const script = new vm.Script(`(function (${PARAMS.join(', ')}) {${body}\n})`, { filename: solution.SOLUTION_FILE });
  return { compiled, script, hooks: traced.hooks || [], loops: traced.loops || [] };
}

/** The function to call: a bank problem's declared name, else the job's entry_point (or none). */
function entryName(job) {
  return (declared.isDeclared(job) && job.function.name) || job.entry_point || null;
}

function construct(target, args) {
  return solution.isClass(target) ? new target(...args) : target(...args);
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

/** Run the module, then the entry function (execute mode's rule); the last outcome. */
async function runProgram(session, job, traced, tracer) {
  const module = { exports: {} };
  const file = path.join(session.workdir, solution.SOLUTION_FILE);
  const wrapper = traced.script.runInThisContext();
  const body = () => wrapper.call(module.exports, module.exports, session.require, module, file, session.workdir, values.TreeNode, values.ListNode, tracer);
  const problem = declared.isDeclared(job);
  const hasInput = 'input_data' in job || 'target_value' in job || problem;
  const stdinText = job.stdin || '';
  const outcome = await session.call(body, stdinText, !hasInput);
  if (outcome.exception || !hasInput || !solution.definesFunctions(traced.compiled)) return outcome;
  const loaded = { names: traced.compiled.names, values: outcome.value || {}, exportsValue: module.exports };
  let target;
  try {
    target = solution.findEntryPoint(loaded, entryName(job));
  } catch (error) {
    return { exception: error, noEntry: true };
  }
  if (!target) return { exception: new solution.EntryPointError('The code defines no function to call.'), noEntry: true };
  let run;
  if (problem) {
    try {
      run = declared.declaredCall(target, job); // as the judge calls it: typed, in place, or played
    } catch (error) {
      return { exception: error };
    }
  } else {
    const args = argumentsFor(target, job);
    run = () => construct(target, args);
  }
  const call = await session.call(run, stdinText);
  call.called = true;
  return call;
}

/** The closing frame's fields for how the program ended. */
function ending(outcome, tracer, job) {
  const error = outcome.exception;
  if (!error) {
    const value = outcome.called ? outcome.value : null;
    const snap = new Heap(100, false);
    const encoded = snap.value(value);
    const fields = { reason: 'finished', return_value: tracer.heap.encode(value), return_text: show(encoded, snap.latest) };
    if (job && declared.isDeclared(job) && outcome.called) fields.answer = declared.answerText(value, job);
    return fields;
  }
  const fields = solution.describeError(error);
  if (outcome.noEntry) return { reason: 'error', error_type: 'runtime_error', error_message: String(error.message) };
  const reason = { timeout: 'time_limit', memory_limit: 'memory_limit', output_limit: 'output_limit' }[fields.error_type] || 'exception';
  delete fields.verdict;
  fields.reason = reason;
  return fields;
}

/** A short text of an encoded value, for a person: [1, 2, {"a": 3}], TreeNode(val=4, ...). */
function show(value, heap, limit = 2000) {
  const out = [];
  const active = new Set();
  const write = (v) => {
    if (out.length > limit) return;
    if (v === null || typeof v !== 'object') {
      out.push(JSON.stringify(v));
      return;
    }
    if ('ref' in v) {
      const obj = heap[v.ref];
      if (!obj || active.has(v.ref)) return void out.push(`<#${v.ref}>`);
      active.add(v.ref);
      if (obj.type === 'object') {
        out.push(`${obj.class}(`);
        Object.entries(obj.fields).forEach(([k, x], i) => {
          out.push(i ? `, ${k}=` : `${k}=`);
          write(x);
        });
        out.push(')');
      } else if (obj.entries) {
        out.push(obj.type === 'dict' ? '{' : `${obj.type}({`);
        obj.entries.forEach(([k, x], i) => {
          if (i) out.push(', ');
          write(k);
          out.push(': ');
          write(x);
        });
        out.push(obj.type === 'dict' ? '}' : '})');
      } else {
        out.push(obj.type === 'set' ? 'Set([' : '[');
        (obj.items || []).forEach((x, i) => {
          if (i) out.push(', ');
          write(x);
        });
        if (obj.cut) out.push(`, ... ${obj.length} in all`);
        out.push(obj.type === 'set' ? '])' : ']');
      }
      active.delete(v.ref);
      return;
    }
    if ('cut' in v && Object.keys(v).length === 1) return void out.push(`<${v.cut} ...>`);
    if (v.type === 'str') return void out.push(JSON.stringify(v.value + '...'));
    out.push(String(v.repr === undefined ? '?' : v.repr));
  };
  write(value);
  const text = out.join('');
  return text.length <= limit ? text : text.slice(0, limit - 3) + '...';
}

function tracePoints(points) {
  const lines = [];
  const variables = [];
  let allLines = false;
  let allVariables = false;
  for (const point of points && points.length ? points : ['all_lines', 'all_variables']) {
    if (point === 'all_lines') allLines = true;
    else if (point === 'all_variables') allVariables = true;
    else if (typeof point === 'number' && Number.isInteger(point)) lines.push(point);
    else if (typeof point === 'string' && /^\d+$/.test(point)) lines.push(Number(point));
    else if (typeof point === 'string') variables.push(point);
  }
  return [allLines || !lines.length ? null : lines, allVariables || !variables.length ? null : variables];
}

function stopper(send, exitNow) {
  return () => exitNow();
}

/** Trace mode: steps in batches, then a trace_end frame. */
async function traceProgram(job, session, send, { io, exitNow }) {
  const traced = compileTraced(job, send);
  if (!traced) return;
  const [lines, variables] = tracePoints(job.trace_points);
  const limits = job.limits || {};
  const tracer = new Tracer({
    hooks: traced.hooks, loops: traced.loops, send, out: io.out,
    maxSteps: Number(job.max_steps || 1000), seconds: Number(limits.timeout_seconds || 5), lines, variables,
    batchSize: Number(job.batch_size || 1000), heap: new Heap(Number(limits.trace_items || 100)), onStop: stopper(send, exitNow),
    checks: job.checks && job.checks.length ? new Checks(job.checks) : null,
  });
  const outcome = await runProgram(session, job, traced, tracer);
  if (tracer.programEnded(outcome.exception)) return;
  tracer.flush();
  tracer.close(ending(outcome, tracer, job));
}

module.exports = { traceProgram, compileTraced, runProgram, ending, show, stopper };
