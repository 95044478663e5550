'use strict';
// A bank problem's input called as the judge calls it (judge.js's judgeOne and judgeOperations):
// arguments decoded by their declared types (TreeNode, ListNode), keyword arguments by name, the
// in-place argument as the answer, a design problem's calls played in turn. The trace and
// breakpoint modes use it when the job carries the problem's `function` and a test's `input`.

const values = require('./values.js');
const solution = require('./solution_loader.js');

/** True when the job asks for a bank problem's input rather than free input_data. */
function isDeclared(job) {
  return typeof job.input === 'string' && !!job.function && typeof job.function === 'object';
}

/** The function that makes the call and answers as the judge's test would; throws on bad test data. */
function declaredCall(target, job) {
  const fn = job.function || {};
  const [args, kwargs] = values.parseArguments(job.input || '');
  if (job.compare === 'operations') {
    const [operations, argumentLists] = [args[0] || [], args[1] || []];
    return () => {
      const returns = [];
      let instance = null;
      operations.forEach((name, index) => {
        const callArgs = argumentLists[index] || [];
        if (index === 0) {
          instance = new target(...callArgs);
          returns.push(null);
        } else {
          if (typeof instance[name] !== 'function') throw new TypeError(`${target.name} has no method '${name}'`);
          returns.push(values.encode(instance[name](...callArgs)));
        }
      });
      return returns;
    };
  }
  const params = fn.params || [];
  const decoded = args.map((a, i) => values.decode(a, params[i] && params[i].type));
  for (const [name, value] of Object.entries(kwargs)) {
    const index = params.findIndex((p) => p.name === name);
    if (index < 0) throw new Error(`Bad test data: no parameter named '${name}'`);
    decoded[index] = values.decode(value, params[index].type);
  }
  return () => {
    const value = solution.isClass(target) ? new target(...decoded) : target(...decoded);
    return Number.isInteger(fn.inplace) && fn.inplace < decoded.length ? decoded[fn.inplace] : value;
  };
}

/** The answer's JSON text as a judged test's frame carries it; null when it cannot be read. */
function answerText(value, job) {
  const type = job.compare === 'operations' ? undefined : (job.function || {}).returns;
  try {
    return values.encodeValue(value, type);
  } catch (_) {
    return null;
  }
}

module.exports = { isDeclared, declaredCall, answerText };
