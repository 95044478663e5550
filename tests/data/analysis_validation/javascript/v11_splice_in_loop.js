// must: mutating_input
function removeZeros(nums) {
  for (let i = nums.length - 1; i >= 0; i--) {
    if (nums[i] === 0) nums.splice(i, 1);
  }
  return nums.length;
}
