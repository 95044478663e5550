// must: none
// must_not: *
function countRises(nums) {
  let rises = 0;
  for (let i = 1; i < nums.length; i++) {
    if (nums[i] > nums[i - 1]) rises++;
  }
  return rises;
}
