// must: none
// must_not: *
class Tracker {
  constructor() {
    this.values = [];
  }

  add(value) {
    this.values.push(value);
  }

  max() {
    return this.values.length ? Math.max(...this.values) : null;
  }
}
