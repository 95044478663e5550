# must: data_structure_choice, suboptimal_time_complexity
# must_not: *
def reachable(graph, start):
    visited = []
    stack = [start]
    while stack:
        node = stack.pop()
        if node in visited:
            continue
        visited.append(node)
        for neighbour in graph[node]:
            stack.append(neighbour)
    return len(visited)
