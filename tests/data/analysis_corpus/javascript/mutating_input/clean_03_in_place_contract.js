// must: none
// must_not: *
/** Reverse the array in place, as the problem asks: returns nothing. */
function reverseInPlace(nums) {
  let lo = 0;
  let hi = nums.length - 1;
  while (lo < hi) {
    [nums[lo], nums[hi]] = [nums[hi], nums[lo]];
    lo++;
    hi--;
  }
}
