# must: none
# must_not: *
def depth_first(graph, start):
    order = []
    seen = {start}
    stack = [start]
    while stack:
        node = stack.pop()
        order.append(node)
        for neighbour in graph[node]:
            if neighbour not in seen:
                seen.add(neighbour)
                stack.append(neighbour)
    return order
