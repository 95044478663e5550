// must: none
// must_not: *
function subsets(nums) {
  const result = [];
  const path = [];
  function build(start) {
    result.push([...path]);
    for (let i = start; i < nums.length; i++) {
      path.push(nums[i]);
      build(i + 1);
      path.pop();
    }
  }
  build(0);
  return result;
}
