// must: none
// must_not: *
function reachable(graph, start) {
  const visited = new Set();
  const stack = [start];
  while (stack.length) {
    const node = stack.pop();
    if (visited.has(node)) continue;
    visited.add(node);
    for (const next of graph[node]) stack.push(next);
  }
  return visited.size;
}
