'use strict';
// Test inputs and expected outputs as literals, by the Python child's rules (literals.py): JSON
// first ("[2,7,11,15], 9"); Python literals (None, True, 'x', tuples, sets) and the keyword form
// ("nums = [2,7], target = 9") too. Nothing here evaluates code.

class LiteralError extends Error {}

const NAMES = {
  null: null, true: true, false: false, None: null, True: true, False: false,
  NaN: NaN, Infinity: Infinity,
};

function short(text, limit = 80) {
  return text.length <= limit ? text : text.slice(0, limit) + '...';
}

/** A small reader of Python and JSON literals: lists, tuples, sets, dicts, strings, numbers. */
class LiteralReader {
  constructor(text) {
    this.text = text;
    this.at = 0;
  }

  fail(what) {
    throw new LiteralError(`cannot read the arguments ${JSON.stringify(short(this.text))}: ${what}`);
  }

  space() {
    while (this.at < this.text.length && /\s/.test(this.text[this.at])) this.at++;
  }

  peek() {
    this.space();
    return this.text[this.at];
  }

  eat(char) {
    if (this.peek() === char) {
      this.at++;
      return true;
    }
    return false;
  }

  expect(char) {
    if (!this.eat(char)) this.fail(`expected '${char}' at position ${this.at}`);
  }

  /** `a, b, name = c` -> [[a, b], {name: c}] */
  argumentList() {
    const args = [];
    const kwargs = {};
    while (this.peek() !== undefined) {
      const save = this.at;
      const name = this.identifier();
      if (name !== null && this.peek() === '=' && this.text[this.at + 1] !== '=') {
        this.at++;
        kwargs[name] = this.value();
      } else {
        this.at = save;
        if (Object.keys(kwargs).length) this.fail('a positional argument after a keyword argument');
        args.push(this.value());
      }
      if (!this.eat(',')) break;
    }
    if (this.peek() !== undefined) this.fail(`unexpected '${this.text[this.at]}' at position ${this.at}`);
    return [args, kwargs];
  }

  identifier() {
    this.space();
    const match = /^[A-Za-z_$][\w$]*/.exec(this.text.slice(this.at));
    if (!match) return null;
    this.at += match[0].length;
    return match[0];
  }

  value() {
    const char = this.peek();
    if (char === undefined) this.fail('a value is missing');
    if (char === '[') return this.sequence('[', ']');
    if (char === '(') return this.tuple();
    if (char === '{') return this.braces();
    if (char === '"' || char === "'") return this.string();
    if (char === '-' || char === '+') {
      this.at++;
      const operand = this.value();
      if (typeof operand !== 'number') this.fail('a sign before something that is not a number');
      return char === '-' ? -operand : operand;
    }
    if (/[0-9.]/.test(char)) return this.number();
    const save = this.at;
    const name = this.identifier();
    if (name !== null && Object.prototype.hasOwnProperty.call(NAMES, name)) return NAMES[name];
    this.at = save;
    return this.fail(`only literals are allowed in test data (at position ${this.at})`);
  }

  sequence(open, close) {
    this.expect(open);
    const items = [];
    while (!this.eat(close)) {
      items.push(this.value());
      if (!this.eat(',')) {
        this.expect(close);
        break;
      }
    }
    return items;
  }

  tuple() {
    this.expect('(');
    const items = [];
    let comma = false;
    while (!this.eat(')')) {
      items.push(this.value());
      if (!this.eat(',')) {
        this.expect(')');
        break;
      }
      comma = true;
    }
    // (1) is the number 1; (1,) and () are tuples, which travel as lists.
    return items.length === 1 && !comma ? items[0] : items;
  }

  braces() {
    this.expect('{');
    if (this.eat('}')) return {};
    const first = this.value();
    if (this.eat(':')) {
      const object = {};
      object[String(first)] = this.value();
      while (this.eat(',')) {
        if (this.peek() === '}') break;
        const key = this.value();
        this.expect(':');
        object[String(key)] = this.value();
      }
      this.expect('}');
      return object;
    }
    const items = [first];
    while (this.eat(',')) {
      if (this.peek() === '}') break;
      items.push(this.value());
    }
    this.expect('}');
    return items; // a set travels as a list
  }

  string() {
    const quote = this.text[this.at++];
    let out = '';
    while (this.at < this.text.length) {
      const char = this.text[this.at++];
      if (char === quote) return out;
      if (char !== '\\') {
        out += char;
        continue;
      }
      const next = this.text[this.at++];
      const simple = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', '0': '\0', '\\': '\\', "'": "'", '"': '"', '/': '/' };
      if (next in simple) out += simple[next];
      else if (next === 'u' || next === 'x') {
        const width = next === 'u' ? 4 : 2;
        out += String.fromCharCode(parseInt(this.text.slice(this.at, this.at + width), 16));
        this.at += width;
      } else out += '\\' + next;
    }
    return this.fail('a string is not closed');
  }

  number() {
    const match = /^(?:\d[\d_]*)?(?:\.\d*)?(?:[eE][+-]?\d+)?/.exec(this.text.slice(this.at));
    if (!match || !match[0] || match[0] === '.') this.fail(`a number was expected at position ${this.at}`);
    this.at += match[0].length;
    return Number(match[0].replace(/_/g, ''));
  }
}

/** Parse `"nums = [2,7], target = 9"` or Python literals into [args, kwargs]. */
function parseArguments(text) {
  text = String(text || '').trim();
  return text ? new LiteralReader(text).argumentList() : [[], {}];
}

/** Parse one literal (an expected output). */
function parseValue(text) {
  const [args, kwargs] = parseArguments(text);
  if (Object.keys(kwargs).length || args.length !== 1) throw new LiteralError(`expected one value, got ${JSON.stringify(short(String(text)))}`);
  return args[0];
}

module.exports = { LiteralError, parseArguments, parseValue };
