// must: none
// must_not: *
// problem: house-robber
function rob(nums) {
  let skip = 0;
  let take = 0;
  for (const value of nums) {
    [skip, take] = [Math.max(skip, take), skip + value];
  }
  return Math.max(skip, take);
}
