# must: missing_edge_case
# must_not: *
def share_of_passes(results):
    passed = 0
    for result in results:
        if result:
            passed += 1
    return passed / len(results)
