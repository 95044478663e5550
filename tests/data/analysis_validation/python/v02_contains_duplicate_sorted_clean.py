# must: none
from typing import List


class Solution:
    def containsDuplicate(self, nums: List[int]) -> bool:
        ordered = sorted(nums)
        for i in range(1, len(ordered)):
            if ordered[i] == ordered[i - 1]:
                return True
        return False
