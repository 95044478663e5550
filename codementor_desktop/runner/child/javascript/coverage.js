'use strict';
// Line coverage of the code under test from V8's block coverage.
//
// Node's inspector and NODE_V8_COVERAGE are both off under the permission model, and Piston sets
// no environment, so the harness asks V8 itself: two tiny functions are compiled while V8's
// natives syntax is on for a moment; it is off again (and V8's flags are then closed by the
// guard) before any of the learner's code is compiled.

const vm = require('vm');

/** Switch block coverage on; returns {collect(text) -> ranges | null} or {reason} when V8 refuses. */
function start() {
  const v8 = require('v8');
  let toggle;
  let collect;
  try {
    v8.setFlagsFromString('--allow-natives-syntax');
    toggle = new vm.Script('(function (on) { %DebugToggleBlockCoverage(on); })').runInThisContext();
    collect = new vm.Script('(function () { return %DebugCollectCoverage(); })').runInThisContext();
    toggle(true);
  } catch (error) {
    return { reason: `V8's coverage is not available in this Node (${error.message})` };
  } finally {
    v8.setFlagsFromString('--no-allow-natives-syntax');
  }
  return {
    /** The block ranges ({start, end, count}) V8 recorded for the script whose source is `text`. */
    collect(text) {
      for (const script of collect()) if (script.script === text) return Array.from(script);
      return null;
    },
  };
}

// Lines that are not statements of their own: blank, comments, closing braces, else/try/catch.
const NOT_A_STATEMENT = /^(?:$|\/\/|\/\*|\*|[})\];,]+$|\}?\s*(?:else|try|finally)\b\s*\{?$|\}?\s*catch\b)/;

/** Line coverage of `source`, which starts at `offset` in the script whose ranges are given. */
function lineCoverage(ranges, source, offset) {
  const lines = source.split('\n');
  const executable = [];
  const missed = [];
  let at = offset;
  let inComment = false;
  lines.forEach((line, index) => {
    const start = at;
    at += line.length + 1;
    const text = line.trim();
    if (inComment) {
      if (text.includes('*/')) inComment = false;
      return;
    }
    if (text.startsWith('/*') && !text.includes('*/')) {
      inComment = true;
      return;
    }
    if (NOT_A_STATEMENT.test(text)) return;
    const column = line.length - line.replace(/^[\s}]+/, '').length;
    const count = countAt(ranges, start + column);
    executable.push(index + 1);
    if (count === 0) missed.push(index + 1);
  });
  return { lines_total: executable.length, lines_covered: executable.length - missed.length, missed };
}

/** The count of the innermost range holding `position` (V8's ranges nest). */
function countAt(ranges, position) {
  let best = null;
  for (const range of ranges) {
    if (range.start <= position && position < range.end && (best === null || range.end - range.start <= best.end - best.start)) best = range;
  }
  return best === null ? null : best.count;
}

module.exports = { start, lineCoverage };
