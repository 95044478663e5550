// must: none
// must_not: *
function total(nums) {
  return nums.reduce(add, 0);

  function add(a, b) {
    return a + b;
  }
}
