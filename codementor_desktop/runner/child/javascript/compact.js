'use strict';
// Compact frames for a Piston server, which keeps only 1,024 characters of output by default:
// the same rules and short keys as the Python child's compact.py (a test checks that they agree).

const SHORT = {
  kind: 'k', test_id: 'i', verdict: 'v', execution_time_ms: 't', actual_output: 'a', error_message: 'm',
  message: 'M', line_number: 'l', solution_line: 'L', column: 'c', source_line: 'S', stdout: 'o', stderr: 'e',
  return_value: 'R', traceback: 'b', memory_used_kb: 'r', name: 'n', status: 's', where: 'w',
  lines_total: 'T', lines_covered: 'C', missed: 'x', reason: 'y', line_events: 'E',
};
const DROP = {
  test: ['input', 'passed', 'error_type', 'cpu_time_ms'],
  case: ['passed', 'error_type', 'cpu_time_ms'],
  execution: ['error_type', 'cpu_time_ms'],
};

/** Turns the frames of one run into compact ones (or null for a frame not worth sending). */
function compactor(compare) {
  let tracebackSent = false;
  return function frame(kind, payload) {
    if (kind === 'started') return null;
    const body = {};
    for (const [key, value] of Object.entries(payload)) if (value !== null && value !== undefined && value !== '') body[key] = value;
    for (const key of DROP[kind] || ['error_type']) delete body[key];
    if (kind === 'test' && body.verdict === 'AC' && (!compare || compare === 'exact')) delete body.actual_output;
    if ('traceback' in body) {
      if (tracebackSent) delete body.traceback;
      tracebackSent = true;
    }
    if (typeof body.execution_time_ms === 'number') body.execution_time_ms = Math.round(body.execution_time_ms * 10) / 10;
    const out = { k: kind };
    for (const [key, value] of Object.entries(body)) out[SHORT[key] || key] = value;
    return out;
  };
}

module.exports = { SHORT, compactor };
