// must: none
// must_not: *
function shortestHops(graph, start, goal) {
  const queue = [[start, 0]];
  const visited = new Set([start]);
  for (let head = 0; head < queue.length; head++) {
    const [node, hops] = queue[head];
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
