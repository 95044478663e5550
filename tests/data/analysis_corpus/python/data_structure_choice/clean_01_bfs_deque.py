# must: none
# must_not: *
from collections import deque


def shortest_hops(graph, start, goal):
    queue = deque([(start, 0)])
    visited = {start}
    while queue:
        node, hops = queue.popleft()
        if node == goal:
            return hops
        for neighbour in graph[node]:
            if neighbour not in visited:
                visited.add(neighbour)
                queue.append((neighbour, hops + 1))
    return -1
