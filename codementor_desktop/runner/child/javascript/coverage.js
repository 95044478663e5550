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

/** The statement lines of `source` (which starts at `offset` in its script): [line, position]. */
function statements(source, offset) {
  const found = [];
  let at = offset;
  let inComment = false;
  source.split('\n').forEach((line, index) => {
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
    found.push([index + 1, start + column]);
  });
  return found;
}

/**
 * Coverage window by window (the coverage pass): V8's block counts restart at each collection,
 * so each `window()` gives the lines that ran since the last one (a test's, when called around
 * it), and `summary()` the whole run's, from every window.
 */
class Windows {
  constructor(coverage, compiled) {
    this.coverage = coverage;
    this.text = compiled.text;
    this.executable = statements(compiled.source, compiled.offset);
    this.ran = new Set();
  }

  window() {
    const ranges = this.coverage.collect(this.text) || [];
    const lines = this.executable.filter(([, position]) => countAt(ranges, position) > 0).map(([line]) => line);
    for (const line of lines) this.ran.add(line);
    return lines;
  }

  summary() {
    this.window();
    const missed = this.executable.map(([line]) => line).filter((line) => !this.ran.has(line));
    return { lines_total: this.executable.length, lines_covered: this.executable.length - missed.length, missed };
  }
}

/** The count of the innermost range holding `position` (V8's ranges nest). */
function countAt(ranges, position) {
  let best = null;
  for (const range of ranges) {
    if (range.start <= position && position < range.end && (best === null || range.end - range.start <= best.end - best.start)) best = range;
  }
  return best === null ? null : best.count;
}

module.exports = { start, Windows };
