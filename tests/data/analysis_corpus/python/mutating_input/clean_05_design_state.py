# must: none
# must_not: *
class MinStack:
    def __init__(self):
        self.items = []
        self.mins = []

    def push(self, value):
        self.items.append(value)
        self.mins.append(value if not self.mins else min(value, self.mins[-1]))

    def pop(self):
        self.mins.pop()
        return self.items.pop()

    def get_min(self):
        return self.mins[-1]
