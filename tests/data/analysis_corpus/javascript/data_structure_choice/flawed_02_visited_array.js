// must: data_structure_choice, suboptimal_time_complexity
// must_not: *
function reachable(graph, start) {
  const visited = [];
  const stack = [start];
  while (stack.length) {
    const node = stack.pop();
    if (visited.includes(node)) continue;
    visited.push(node);
    for (const next of graph[node]) stack.push(next);
  }
  return visited.length;
}
