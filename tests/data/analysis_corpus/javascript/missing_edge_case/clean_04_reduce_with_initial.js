// must: none
// must_not: *
function total(nums) {
  return nums.reduce((sum, value) => sum + value, 0);
}
