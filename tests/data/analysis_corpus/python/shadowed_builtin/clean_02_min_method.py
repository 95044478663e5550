# must: none
# must_not: *
class MinTracker:
    def __init__(self):
        self.values = []

    def add(self, value):
        self.values.append(value)

    def min(self):
        return min(self.values) if self.values else None
