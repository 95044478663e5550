# must: data_structure_choice
# may: suboptimal_time_complexity
# must_not: *
def shortest_hops(graph, start, goal):
    queue = [(start, 0)]
    visited = {start}
    while queue:
        node, hops = queue.pop(0)
        if node == goal:
            return hops
        for neighbour in graph[node]:
            if neighbour not in visited:
                visited.add(neighbour)
                queue.append((neighbour, hops + 1))
    return -1
