// must: data_structure_choice
// may: suboptimal_time_complexity
// must_not: *
function mergeAll(sticks) {
  const pool = [...sticks];
  let cost = 0;
  while (pool.length > 1) {
    pool.sort((a, b) => a - b);
    const first = pool.shift();
    const second = pool.shift();
    cost += first + second;
    pool.push(first + second);
  }
  return cost;
}
