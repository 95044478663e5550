// must: none
// must_not: *
function containsTarget(nums, target) {
  return nums.includes(target) ? nums.indexOf(target) : -1;
}
