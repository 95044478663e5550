// must: data_structure_choice
// may: suboptimal_time_complexity
// must_not: *
function shortestHops(graph, start, goal) {
  const queue = [[start, 0]];
  const visited = new Set([start]);
  while (queue.length > 0) {
    const [node, hops] = queue.shift();
    if (node === goal) return hops;
    for (const next of graph[node]) {
      if (!visited.has(next)) {
        visited.add(next);
        queue.push([next, hops + 1]);
      }
    }
  }
  return -1;
}
