// must: none
// must_not: *
class MinStack {
  constructor() {
    this.items = [];
    this.mins = [];
  }

  push(value) {
    this.items.push(value);
    this.mins.push(this.mins.length === 0 ? value : Math.min(value, this.mins[this.mins.length - 1]));
  }

  pop() {
    this.mins.pop();
    return this.items.pop();
  }
}
