"""A labelled corpus of learner messages for the offline coach's reading of words
(``codementor_desktop.tutor.understanding``): what each message wants, and where it matters how it
fits the coach's open question, which names and concepts it names.

Written as learners write to a coach: terse, lower case, typos, questions and statements, on several
problems in both languages. ``TUNING`` is what the reader was developed against. It ends with two
parts that were each written as a held-out set, measured untouched (53 of 61, then 75 of 85 wants
right) and only then tuned on. ``HELD_OUT`` was written last, after all of that: it was measured
untouched at 107 of 113 wants right, one of the six misses a request for the code read as off topic.
Only that miss was then mended on purpose (a solution request must never be missed); a later change
of the typo correction as a whole (it had turned "coach" into a fragment) also mended "hey coach".
The other misses are left as they were read. ``tests/unit/test_understanding_corpus.py`` asserts the accuracy and
``benchmarks/intent_accuracy.py`` prints it per want.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from codementor_desktop.problems.bank import load_bank
from codementor_desktop.resources import builtin_problems_dir
from codementor_desktop.tutor.understanding import Expectation, Reading, Vocabulary, Want

CODE: dict[str, tuple[str, str, str]] = {  # key: (problem id, language, the learner's code)
    "ts-py": (
        "two-sum",
        "python",
        """def two_sum(nums, target):
    for i in range(len(nums)):
        for j in range(len(nums)):
            if nums[i] + nums[j] == target:
                return [i, j]
    return []
""",
    ),
    "ts-js": (
        "two-sum",
        "javascript",
        """function twoSum(nums, target) {
  for (let i = 0; i < nums.length; i++) {
    for (let j = 0; j < nums.length; j++) {
      if (nums[i] + nums[j] === target) return [i, j];
    }
  }
  return [];
}
""",
    ),
    "cs-py": (
        "climbing-stairs",
        "python",
        """def climb_stairs(n):
    if n == 1:
        return 1
    return climb_stairs(n - 1) + climb_stairs(n - 2)
""",
    ),
    "td-py": (
        "tree-diameter",
        "python",
        """def diameter(root):
    best = 0
    def height(node):
        nonlocal best
        left = height(node.left)
        right = height(node.right)
        best = max(best, left + right)
        return 1 + max(left, right)
    height(root)
    return best
""",
    ),
    "bb-js": (
        "balanced-brackets",
        "javascript",
        """function isBalanced(s) {
  const stack = [];
  const pairs = { ')': '(', ']': '[', '}': '{' };
  for (const ch of s) {
    if (ch in pairs) {
      if (stack.pop() !== pairs[ch]) return false;
    } else {
      stack.push(ch);
    }
  }
  return true;
}
""",
    ),
    "ni-py": (
        "number-of-islands",
        "python",
        """def num_islands(grid):
    count = 0
    def sink(r, c):
        if r < 0 or c < 0 or r >= len(grid) or c >= len(grid[0]) or grid[r][c] == 0:
            return
        sink(r + 1, c)
        sink(r - 1, c)
        sink(r, c + 1)
        sink(r, c - 1)
    for r in range(len(grid)):
        for c in range(len(grid[0])):
            if grid[r][c] == 1:
                count += 1
                sink(r, c)
    return count
""",
    ),
    "mi-js": (
        "merge-intervals",
        "javascript",
        """function mergeIntervals(intervals) {
  const merged = [];
  for (const cur of intervals) {
    const last = merged[merged.length - 1];
    if (last && cur[0] < last[1]) {
      last[1] = Math.max(last[1], cur[1]);
    } else {
      merged.push(cur);
    }
  }
  return merged;
}
""",
    ),
    "mp-py": (
        "max-profit-single-trade",
        "python",
        """def max_profit(prices):
    best = 0
    for buy in range(len(prices)):
        for sell in range(buy + 1, len(prices)):
            best = max(best, prices[sell] - prices[buy])
    return best
""",
    ),
    "cc-js": (
        "coin-change",
        "javascript",
        """function coinChange(coins, amount) {
  coins.sort((a, b) => b - a);
  let left = amount, used = 0;
  for (const coin of coins) {
    while (left >= coin) { left -= coin; used++; }
  }
  return left === 0 ? used : -1;
}
""",
    ),
    "vb-js": (
        "validate-bst",
        "javascript",
        """function isValidBst(root) {
  if (root === null) return true;
  if (root.left && root.left.val >= root.val) return false;
  if (root.right && root.right.val <= root.val) return false;
  return isValidBst(root.left) && isValidBst(root.right);
}
""",
    ),
    "ok-py": (
        "two-sum",
        "python",
        """def two_sum(nums, target):
    seen = {}
    for j, value in enumerate(nums):
        if target - value in seen:
            return [seen[target - value], j]
        seen[value] = j
    return []
""",
    ),
    "hr-js": (
        "house-robber",
        "javascript",
        """function rob(nums) {
  let even = 0, odd = 0;
  for (let i = 0; i < nums.length; i++) {
    if (i % 2 === 0) even += nums[i];
    else odd += nums[i];
  }
  return Math.max(even, odd);
}
""",
    ),
    "fu-py": (
        "first-unique-character",
        "python",
        """def first_unique_char(s):
    for i in range(len(s)):
        if s.count(s[i]) == 1:
            return i
    return -1
""",
    ),
}

# What the coach's open question is looking for, per conversation.
EXPECT = {
    "ij": Expectation(frozenset({"i", "j"}), frozenset({4}), frozenset({"0"}), frozenset({"same_item_twice"})),
    "ret": Expectation(frozenset({"i", "j"}), values=frozenset({"[0, 0]"})),
    "seen": Expectation(concepts=frozenset({"hash_lookup", "complement", "hint:2"})),
    "base": Expectation(frozenset({"n"}), frozenset({2}), frozenset({"0"}), frozenset({"base_case"})),
    "memo": Expectation(concepts=frozenset({"memoization", "recurrence", "hint:3"})),
    "node": Expectation(frozenset({"node", "height"}), frozenset({5}), frozenset({"None"}), frozenset({"base_case"})),
    "pop": Expectation(frozenset({"stack"}), frozenset({6}), frozenset({"undefined"}), frozenset({"empty_input"})),
    "visit": Expectation(frozenset({"grid", "sink"}), frozenset({3}), frozenset({"1"}), frozenset({"visited"})),
    "touch": Expectation(frozenset({"cur", "last"}), frozenset({5}), frozenset({"[1, 4]", "[4, 5]"}), frozenset({"intervals"})),
    "greedy": Expectation(concepts=frozenset({"greedy", "hint:2"})),
    "bounds": Expectation(frozenset({"root"}), frozenset({3}), frozenset({"[5, 4, 6, null, null, 3, 7]"}), frozenset({"bst_order"})),
    "skip": Expectation(frozenset({"even", "odd"}), frozenset({4}), frozenset({"[2, 1, 1, 2]", "4"}), frozenset({"recurrence", "hint:2"})),
    "count": Expectation(frozenset({"s", "count"}), frozenset({3}), frozenset(), frozenset({"counting", "hash_lookup", "nested_loop"})),
    "coins": Expectation(frozenset({"coins", "left"}), frozenset({2}), frozenset({"6"}), frozenset({"memoization", "hint:2"})),
}  # fmt: skip


@dataclass(frozen=True)
class Case:
    said: str
    want: Want
    code: str = "ts-py"  # a key of CODE
    expect: str | None = None  # a key of EXPECT: the open question
    fit: str | None = None  # the fit asserted, when it matters
    names: tuple[str, ...] = ()  # names that must be read
    concepts: tuple[str, ...] = ()  # concepts that must be read


W = Want
C = Case

TUNING: tuple[Case, ...] = (
    # --- stuck
    C("im stuck", W.STUCK),
    C("I'm totally stuck on this one", W.STUCK, "cs-py"),
    C("no idea where to start", W.STUCK, "mi-js"),
    C("help", W.STUCK, "bb-js"),
    C("help me pls", W.STUCK, "ni-py"),
    C("i dont even know how to approach this", W.STUCK, "td-py"),
    C("i'm lost", W.STUCK, "cc-js"),
    C("this is confusing", W.STUCK, "mp-py"),
    C("i give up", W.STUCK, "ts-js"),
    C("how do i even start", W.STUCK, "cs-py"),
    C("i don't get it at all", W.STUCK, "td-py", "node"),
    C("can't figure this out", W.STUCK, "ni-py"),
    # --- don't know (as a reply to a question)
    C("I don't know", W.DONT_KNOW, "ts-py", "ij"),
    C("idk", W.DONT_KNOW, "cs-py", "base"),
    C("not sure", W.DONT_KNOW, "bb-js", "pop"),
    C("no clue", W.DONT_KNOW, "ni-py", "visit"),
    C("hmm no idea", W.DONT_KNOW, "mi-js", "touch"),
    C("dunno", W.DONT_KNOW, "mp-py", "greedy"),
    C("honestly i have no idea", W.DONT_KNOW, "td-py", "node"),
    C("i really don't know sorry", W.DONT_KNOW, "cc-js", "coins"),
    # --- asks for the solution
    C("just give me the code", W.SOLUTION),
    C("can you write it for me", W.SOLUTION, "cs-py"),
    C("show me the solution", W.SOLUTION, "td-py"),
    C("what's the answer", W.SOLUTION, "bb-js"),
    C("pls just tell me the answer", W.SOLUTION, "ni-py"),
    C("give me the full solution in javascript", W.SOLUTION, "mi-js"),
    C("write the code for me", W.SOLUTION, "mp-py"),
    C("solve it for me", W.SOLUTION, "cc-js"),
    C("can i see the correct code", W.SOLUTION, "ts-js"),
    C("i just want the solution", W.SOLUTION, "cs-py"),
    C("paste the working code", W.SOLUTION, "ni-py"),
    C("fix my code for me", W.SOLUTION, "bb-js"),
    C("give me the optimal solution", W.SOLUTION, "ts-py"),
    C("solution pls", W.SOLUTION, "mp-py"),
    # --- asks for a hint
    C("can i get a hint", W.HINT),
    C("hint please", W.HINT, "cs-py"),
    C("give me a small clue", W.HINT, "td-py"),
    C("a nudge in the right direction?", W.HINT, "ni-py"),
    C("another hint", W.HINT, "mi-js"),
    C("don't give me the answer, just a hint", W.HINT, "bb-js"),
    C("whats the next step", W.HINT, "cc-js"),
    C("i'm stuck, can you give me a hint", W.HINT, "mp-py"),
    # --- why does it fail
    C("why does test 2 fail?", W.WHY_FAILS),
    C("what's wrong with my code", W.WHY_FAILS, "ts-js"),
    C("where is the bug", W.WHY_FAILS, "cs-py"),
    C("why do i get [0, 0]", W.WHY_FAILS),
    C("it returns [0,0] instead of [1,2]", W.WHY_FAILS, "ts-js"),
    C("my code doesnt work", W.WHY_FAILS, "td-py"),
    C("why is it failing on the empty tree", W.WHY_FAILS, "td-py"),
    C("i get a RecursionError, why?", W.WHY_FAILS, "cs-py"),
    C("what am i missing here", W.WHY_FAILS, "bb-js"),
    C("why does it return true for ')('", W.WHY_FAILS, "bb-js"),
    C("test 3 fails but i dont know why", W.WHY_FAILS, "mi-js"),
    C("wrong answer on [[1,4],[4,5]]", W.WHY_FAILS, "mi-js"),
    C("why is the count wrong", W.WHY_FAILS, "ni-py"),
    C("coin change gives -1 for 6 but should be 2, why", W.WHY_FAILS, "cc-js"),
    # --- why is it slow
    C("why is it so slow", W.WHY_SLOW),
    C("it times out on the big test", W.WHY_SLOW, "mp-py"),
    C("TLE on test 7, why?", W.WHY_SLOW, "cs-py"),
    C("time limit exceeded :(", W.WHY_SLOW, "ts-js"),
    C("why does it take forever for n=40", W.WHY_SLOW, "cs-py"),
    C("my solution is slow", W.WHY_SLOW, "mp-py"),
    C("it's really slow on large grids", W.WHY_SLOW, "ni-py"),
    C("the last test timed out", W.WHY_SLOW, "cc-js"),
    # --- is it optimal
    C("is my solution optimal?", W.IS_OPTIMAL),
    C("is this fast enough?", W.IS_OPTIMAL, "ts-py"),
    C("what about space?", W.COMPLEXITY, "ts-js"),
    C("and what about memory", W.COMPLEXITY),
    C("is this optimal", W.IS_OPTIMAL, "ts-js"),
    C("can it be faster?", W.IS_OPTIMAL, "mp-py"),
    C("is there a better solution?", W.IS_OPTIMAL, "cs-py"),
    C("is this the best approach", W.IS_OPTIMAL, "ni-py"),
    C("is my solution optimla", W.IS_OPTIMAL, "td-py"),
    C("could i do better than this?", W.IS_OPTIMAL, "mi-js"),
    C("is this efficient enough for an interview", W.IS_OPTIMAL, "bb-js"),
    C("can my solution be improved", W.IS_OPTIMAL),
    C("is there a faster way", W.IS_OPTIMAL, "cc-js"),
    C("is O(n^2) optimal here?", W.IS_OPTIMAL, "ts-py"),
    C("all tests pass, but is it optimal?", W.IS_OPTIMAL, "mp-py"),
    # --- complexity
    C("what is the complexity of my code", W.COMPLEXITY),
    C("whats the time complexity", W.COMPLEXITY, "cs-py"),
    C("big o of this?", W.COMPLEXITY, "ni-py"),
    C("what is the runtime of my solution", W.COMPLEXITY, "mp-py"),
    C("how much memory does it use", W.COMPLEXITY, "td-py"),
    C("what's the space complexity", W.COMPLEXITY, "bb-js"),
    C("is this O(n log n)?", W.COMPLEXITY, "mi-js"),
    C("complexty?", W.COMPLEXITY, "cc-js"),
    C("how many operations does it do for n = 1000", W.COMPLEXITY, "ts-js"),
    C("is my code quadratic", W.COMPLEXITY, "ts-py"),
    # --- proposes an idea
    C("what if i sort first?", W.IDEA, "ts-py", concepts=("sorting",)),
    C("i could use a hash map", W.IDEA, "ts-py", concepts=("hash_lookup",)),
    C("should i use two pointers?", W.IDEA, "ts-js", concepts=("two_pointers",)),
    C("maybe use a dict to store what ive seen", W.IDEA, "ts-py", concepts=("hash_lookup",)),
    C("what about memoization?", W.IDEA, "cs-py", concepts=("memoization",)),
    C("i think i need a stack", W.IDEA, "bb-js", concepts=("stack",)),
    C("could i do a bfs from each land cell", W.IDEA, "ni-py", concepts=("queue_bfs",)),
    C("what if i sort the intervals by start first", W.IDEA, "mi-js", concepts=("sorting",)),
    C("i'll keep the minimum price so far", W.IDEA, "mp-py", concepts=("greedy",)),
    C("how about dynamic programming over the amounts", W.IDEA, "cc-js", concepts=("memoization",)),
    C("a set?", W.IDEA, "ts-py", concepts=("hash_lookup",)),
    C("let me try a recursive height function", W.IDEA, "td-py", concepts=("recursion",)),
    C("maybe i should mark visited cells", W.IDEA, "ni-py", concepts=("visited",)),
    C("what if j starts at i+1", W.IDEA, "ts-py", "ij", names=("i", "j")),
    # --- answers the open question
    C("i and j are both 0, so I'm adding the same element to itself", W.ANSWER, "ts-py", "ij", "names_cause", ("i", "j")),
    C("j starts at 0 too so it can pick the same index twice", W.ANSWER, "ts-js", "ij", "names_cause", ("j",)),
    C("line 4", W.ANSWER, "ts-py", "ij", "partial"),
    C("i is 0", W.ANSWER, "ts-py", "ij", "partial", ("i",)),
    C("the target?", W.ANSWER, "ts-py", "ij", "off"),
    C("n never reaches 1 when it starts at 0, so it recurses forever", W.ANSWER, "cs-py", "base", "names_cause", ("n",)),
    C("n is 0", W.ANSWER, "cs-py", "base", "partial", ("n",)),
    C("there is no base case for 0", W.ANSWER, "cs-py", "base", "partial", concepts=("base_case",)),
    C("node is None at a leaf because height is called on the children without checking", W.ANSWER, "td-py", "node", "names_cause", ("node", "height")),
    C("it crashes on node.left", W.ANSWER, "td-py", "node", "partial", ("node",)),
    C("stack is empty so pop gives undefined", W.ANSWER, "bb-js", "pop", "names_cause", ("stack",)),
    C("line 6 pops from an empty stack", W.ANSWER, "bb-js", "pop", "partial"),
    C("sink never marks the cell, so it visits it again and again", W.ANSWER, "ni-py", "visit", "names_cause", ("sink",)),
    C("grid[r][c] stays 1", W.ANSWER, "ni-py", "visit", "partial", ("grid",)),
    C("cur[0] is 4 and last[1] is 4 so they touch but < says no", W.ANSWER, "mi-js", "touch", "names_cause", ("cur", "last")),
    C("[1,4] and [4,5]", W.ANSWER, "mi-js", "touch", "partial"),
    C("the largest coin first doesnt always work, 6 = 3+3", W.ANSWER, "cc-js", "coins", "names_cause"),
    C("left is 2 at the end", W.ANSWER, "cc-js", "coins", "partial", ("left",)),
    C("it's not i", W.ANSWER, "ts-py", "ij", "off"),
    C("i don't think it's the loop", W.ANSWER, "ts-js", "ij", "off"),
    C("maybe its j?", W.ANSWER, "ts-py", "ij", "partial", ("j",)),
    C("remember each number's index in a dict and look up target minus the number", W.ANSWER, "ts-py", "seen", "partial", concepts=("hash_lookup",)),
    C("keep the cheapest price seen so far so each day is one subtraction", W.ANSWER, "mp-py", "greedy", "names_cause", concepts=("greedy",)),
    C("store results so each step is computed once", W.ANSWER, "cs-py", "memo", "names_cause"),
    # --- understands
    C("I get it", W.UNDERSTANDS),
    C("got it!", W.UNDERSTANDS, "cs-py"),
    C("oh I see, j must start after i", W.UNDERSTANDS, "ts-py", "ij", names=("i", "j")),
    C("makes sense now", W.UNDERSTANDS, "td-py"),
    C("ahh ok the base case was missing", W.UNDERSTANDS, "cs-py", "base", concepts=("base_case",)),
    C("understood", W.UNDERSTANDS, "bb-js"),
    C("oh right, i never mark the cells", W.UNDERSTANDS, "ni-py", "visit"),
    C("i figured it out", W.UNDERSTANDS, "mi-js"),
    C("aha so the stack can be empty", W.UNDERSTANDS, "bb-js", "pop", names=("stack",)),
    C("ok", W.UNDERSTANDS, "mp-py"),
    # --- practise
    C("what should i practise next", W.PRACTISE),
    C("recommend a problem", W.PRACTISE, "cs-py"),
    C("recomend me something similar", W.PRACTISE, "td-py"),
    C("next problem pls", W.PRACTISE, "bb-js"),
    C("what should i work on next?", W.PRACTISE, "ni-py"),
    C("give me another problem like this", W.PRACTISE, "mi-js"),
    C("what are my weak spots", W.PRACTISE, "mp-py"),
    C("any similar problems to practice dp?", W.PRACTISE, "cc-js"),
    # --- off topic
    C("what's the weather like today", W.OFF_TOPIC),
    C("who won the football last night", W.OFF_TOPIC, "cs-py"),
    C("write me a poem about cats", W.OFF_TOPIC, "td-py"),
    C("how do i center a div in css", W.OFF_TOPIC, "bb-js"),
    C("tell me a joke", W.OFF_TOPIC, "ni-py"),
    C("are you a robot", W.OFF_TOPIC, "mi-js"),
    C("how do i install numpy with pip", W.OFF_TOPIC, "mp-py"),
    C("what's the capital of france", W.OFF_TOPIC, "cc-js", "coins"),
    # --- greets, thanks
    C("hi", W.GREETING),
    C("hello!", W.GREETING, "cs-py"),
    C("hey there", W.GREETING, "td-py"),
    C("good morning", W.GREETING, "bb-js"),
    C("thanks!", W.THANKS),
    C("thank you so much", W.THANKS, "ni-py"),
    C("thx", W.THANKS, "mi-js"),
    C("cheers, that helped", W.THANKS, "mp-py"),
    C("thanks, but why is it slow?", W.WHY_SLOW, "cs-py"),
    C("hi, is my solution optimal?", W.IS_OPTIMAL, "mp-py"),
    # --- the harder ones: several wants, negations, the word "solution" in other roles
    C("is the solution correct though?", W.WHY_FAILS, "mi-js"),
    C("can you show me a better solution", W.SOLUTION, "mp-py"),
    C("my solution passes but is it the best complexity?", W.IS_OPTIMAL, "ni-py"),
    C("what would the optimal complexity be for this problem", W.IS_OPTIMAL, "cc-js"),
    C("I don't know why it's slow", W.WHY_SLOW, "cs-py"),
    C("not sure, maybe i?", W.ANSWER, "ts-py", "ij", "partial", ("i",)),
    C("i don't understand why test 2 fails", W.WHY_FAILS, "ts-js"),
    C("i have no idea why it returns false", W.WHY_FAILS, "bb-js"),
    C("the nested loop makes it quadratic, that's why it's slow", W.ANSWER, "ts-py", "seen", "off"),
    C("it's slow because the recursion recomputes the same steps", W.ANSWER, "cs-py", "memo", "names_cause"),
    C("seen.has(need) would tell me in O(1)", W.IDEA, "ts-js", concepts=("hash_lookup",)),
    C("twosum returns [0,0] for [3,2,4] and 6", W.WHY_FAILS, "ts-js", names=("twoSum",)),
    C("no, that's not it", W.ANSWER, "ts-py", "ij", "off"),
    C("nope", W.DONT_KNOW, "cs-py", "base"),
    C("i think it's because j can equal i", W.ANSWER, "ts-py", "ij", "names_cause", ("i", "j")),
    C("because i and j can be the same index", W.ANSWER, "ts-js", "ij", "names_cause", ("i", "j")),
    C("when n is 0 it never stops", W.ANSWER, "cs-py", "base", "names_cause", ("n",)),
    C("height(None) crashes since there is no check for an empty node", W.ANSWER, "td-py", "node", "names_cause", ("height",)),
    C("stop giving me questions and give me the answer", W.SOLUTION, "td-py"),
    C("i don't want the answer, i want to understand why it's wrong", W.WHY_FAILS, "bb-js"),
    C("just tell me what's wrong", W.WHY_FAILS, "ni-py"),
    C("ok thanks, what next?", W.PRACTISE, "mi-js"),
    C("thanks i get it now", W.UNDERSTANDS, "mp-py"),
    C("hello, im stuck", W.STUCK, "cc-js"),
    C("how fast is my code", W.COMPLEXITY, "ts-js"),
    C("does it scale to 10^4 elements", W.COMPLEXITY, "ts-py"),
    C("how does the number of operations grow", W.COMPLEXITY, "cs-py"),
    C("wouldn't a heap be faster here?", W.IDEA, "mi-js", concepts=("heap",)),
    C("so i should sort by start and then merge neighbours?", W.IDEA, "mi-js", concepts=("sorting",)),
    C("is it a dp problem?", W.IDEA, "cc-js", concepts=("memoization",)),
    C("why does my dfs visit the same cell forever", W.WHY_SLOW, "ni-py"),
    C("whats the solution for this problem", W.SOLUTION, "ni-py"),
    C("give me the time complexity of my solution", W.COMPLEXITY, "mp-py"),
    C("let's talk about something else", W.OFF_TOPIC, "td-py"),
    C("i like turtles", W.OFF_TOPIC, "bb-js"),
    # --- replies to "what does it return for [3,2,4], 6?"
    C("it returns [0,0]", W.ANSWER, "ts-py", "ret", "partial"),
    C("it gives [1, 2]", W.ANSWER, "ts-js", "ret", "off"),
    C("[0, 0] i think", W.ANSWER, "ts-py", "ret", "partial"),
    C("why does it return that?", W.WHY_FAILS, "ts-py", "ret"),
    C("it fails on that one too", W.WHY_FAILS, "ts-js", "ret"),
    # --- the first held-out part: measured untouched (53 of 61 wants right), then tuned on
    C("ugh i'm stuck again", W.STUCK, "mi-js"),
    C("i have no clue how to do this one", W.STUCK, "cc-js"),
    C("where do i even begin with trees", W.STUCK, "td-py"),
    C("honestly lost here", W.STUCK, "ni-py"),
    C("can you help me?", W.STUCK, "mp-py"),
    C("no idea tbh", W.DONT_KNOW, "ts-js", "ij"),
    C("i'm not sure", W.DONT_KNOW, "mi-js", "touch"),
    C("dont know", W.DONT_KNOW, "td-py", "node"),
    C("no clue honestly", W.DONT_KNOW, "cs-py", "memo"),
    C("just show me how to solve it, the code", W.SOLUTION, "cs-py"),
    C("give me the answer already", W.SOLUTION, "ts-js"),
    C("could you just write the function for me", W.SOLUTION, "bb-js"),
    C("what is the solution to this problem?", W.SOLUTION, "ni-py"),
    C("send me the complete code", W.SOLUTION, "cc-js"),
    C("i need the answer now, my interview is in an hour", W.SOLUTION, "mp-py"),
    C("a small hint would be nice", W.HINT, "td-py"),
    C("can you point me in the right direction without spoiling it", W.HINT, "mi-js"),
    C("give me hint 2", W.HINT, "ts-py"),
    C("any tips?", W.HINT, "ni-py"),
    C("why is test 4 failing", W.WHY_FAILS, "bb-js"),
    C("what's broken here", W.WHY_FAILS, "cc-js"),
    C("it says wrong answer on the third example", W.WHY_FAILS, "td-py"),
    C("why do I get an IndexError", W.WHY_FAILS, "ni-py"),
    C("the output is [[1,5]] but expected [[1,4],[5,6]]", W.WHY_FAILS, "mi-js"),
    C("can you find the bug in my code", W.WHY_FAILS, "cs-py"),
    C("why is my code so slow on big inputs", W.WHY_SLOW, "ts-py"),
    C("it keeps timing out", W.WHY_SLOW, "cs-py"),
    C("took 10 seconds on the last test, why", W.WHY_SLOW, "mp-py"),
    C("why does it exceed the time limit", W.WHY_SLOW, "ni-py"),
    C("is this the optimal way to do it?", W.IS_OPTIMAL, "bb-js"),
    C("can this be done quicker", W.IS_OPTIMAL, "td-py"),
    C("is my solution as fast as it can be", W.IS_OPTIMAL, "mi-js"),
    C("is there a more efficient solution", W.IS_OPTIMAL, "ts-js"),
    C("would an interviewer accept this solution or want something faster", W.IS_OPTIMAL, "mp-py"),
    C("what's the big-o of my solution", W.COMPLEXITY, "td-py"),
    C("time and space complexity please", W.COMPLEXITY, "bb-js"),
    C("is it linear or quadratic?", W.COMPLEXITY, "mp-py"),
    C("how does my solution scale with n", W.COMPLEXITY, "cs-py"),
    C("what if i keep a running minimum", W.IDEA, "mp-py", concepts=("greedy",)),
    C("maybe a stack of open brackets?", W.IDEA, "bb-js", concepts=("stack",)),
    C("i could cache the results of each step", W.IDEA, "cs-py", concepts=("memoization",)),
    C("should i use a visited set", W.IDEA, "ni-py", concepts=("visited",)),
    C("what if i sort the coins and use dp instead of greedy", W.IDEA, "cc-js", concepts=("memoization",)),
    C("j is the same as i at the start, so it uses nums[0] twice", W.ANSWER, "ts-py", "ij", "names_cause", ("i", "j")),
    C("it's line 4", W.ANSWER, "ts-js", "ij", "partial"),
    C("when n is 0 the recursion never hits the n == 1 check", W.ANSWER, "cs-py", "base", "names_cause", ("n",)),
    C("the stack", W.ANSWER, "bb-js", "pop", "partial", ("stack",)),
    C("cur and last overlap only at 4, so the < should be <=", W.ANSWER, "mi-js", "touch", "names_cause", ("cur", "last")),
    C("grid cells never get set to 0 so sink visits them again", W.ANSWER, "ni-py", "visit", "names_cause", ("grid", "sink")),
    C("probably the amount?", W.ANSWER, "cc-js", "coins", "off"),
    C("aaah now i see it, the base case for 0 was missing", W.UNDERSTANDS, "cs-py", "base", concepts=("base_case",)),
    C("ok that makes sense", W.UNDERSTANDS, "td-py"),
    C("oh i get it now, pop on an empty stack gives undefined", W.UNDERSTANDS, "bb-js", "pop", names=("stack",)),
    C("what problem should i try next?", W.PRACTISE, "ts-py"),
    C("can you suggest a problem on graphs", W.PRACTISE, "ni-py"),
    C("i want more practice with dp", W.PRACTISE, "cc-js"),
    C("do you like pizza", W.OFF_TOPIC, "mp-py"),
    C("what's your favourite movie", W.OFF_TOPIC, "ts-js"),
    C("yo", W.GREETING, "mi-js"),
    C("thank you!! that was really helpful", W.THANKS, "cs-py"),
    C("thanks, is it optimal now?", W.IS_OPTIMAL, "ts-py"),
    # --- the second held-out part: measured untouched (75 of 85 wants right), then tuned on
    C("i'm kinda stuck here tbh", W.STUCK, "vb-js"),
    C("not getting anywhere with this", W.STUCK, "cc-js"),
    C("i dont understand what the problem wants", W.STUCK, "mi-js"),
    C("no idea what to do", W.STUCK, "ni-py"),
    C("pls help, been at this for an hour", W.STUCK, "cs-py"),
    C("i don't know", W.DONT_KNOW, "vb-js", "bounds"),
    C("umm not sure", W.DONT_KNOW, "ts-py", "ij"),
    C("no idea sorry", W.DONT_KNOW, "mp-py", "greedy"),
    C("idk honestly", W.DONT_KNOW, "bb-js", "pop"),
    C("can you just give me the working solution", W.SOLUTION, "vb-js"),
    C("write the whole thing for me please", W.SOLUTION, "mi-js"),
    C("show me the code that passes", W.SOLUTION, "ni-py"),
    C("tell me the answer, i'm tired", W.SOLUTION, "cs-py"),
    C("what code should i write?", W.SOLUTION, "bb-js"),
    C("give me the correct implementation in python", W.SOLUTION, "ts-py"),
    C("could you solve this one for me", W.SOLUTION, "cc-js"),
    C("just a hint please, not the answer", W.HINT, "vb-js"),
    C("can i have another hint?", W.HINT, "cs-py"),
    C("give me a tiny nudge", W.HINT, "mp-py"),
    C("what should i think about?", W.HINT, "td-py"),
    C("why does it say false for a valid tree?", W.WHY_FAILS, "vb-js"),
    C("why am i getting the wrong answer on test 5", W.WHY_FAILS, "cc-js"),
    C("it fails on [3,3] and i don't see why", W.WHY_FAILS, "ts-js"),
    C("what's wrong with line 6?", W.WHY_FAILS, "bb-js"),
    C("maxprofit gives 0 but should give 5", W.WHY_FAILS, "mp-py", names=("max_profit",)),
    C("why is my answer off by one", W.WHY_FAILS, "ni-py"),
    C("is something wrong with my recursion?", W.WHY_FAILS, "td-py"),
    C("it crashes with a TypeError", W.WHY_FAILS, "td-py"),
    C("why is this taking so long to run", W.WHY_SLOW, "cs-py"),
    C("the big test times out, what's slow about it?", W.WHY_SLOW, "ts-js"),
    C("i hit the time limit on the hidden tests", W.WHY_SLOW, "mp-py"),
    C("it is super slow for n = 35", W.WHY_SLOW, "cs-py"),
    C("is my solution optimal now?", W.IS_OPTIMAL, "ok-py"),
    C("all green! but could it be better?", W.IS_OPTIMAL, "ok-py"),
    C("is this the most efficient approach", W.IS_OPTIMAL, "ni-py"),
    C("can i get it below O(n^2)?", W.IS_OPTIMAL, "mp-py"),
    C("is there any way to make this faster", W.IS_OPTIMAL, "vb-js"),
    C("would this solution be good enough in an interview", W.IS_OPTIMAL, "ok-py"),
    C("is the solution optimal in space too?", W.IS_OPTIMAL, "ok-py"),
    C("what's the time complexity of my answer", W.COMPLEXITY, "ok-py"),
    C("how much extra memory does this use?", W.COMPLEXITY, "ok-py"),
    C("what is the big o here", W.COMPLEXITY, "mi-js"),
    C("is this n squared?", W.COMPLEXITY, "ts-js"),
    C("how many steps does it take for 10000 numbers", W.COMPLEXITY, "ts-py"),
    C("runtime?", W.COMPLEXITY, "vb-js"),
    C("what if i pass down a min and max bound", W.IDEA, "vb-js", concepts=("bst_order",)),
    C("could i use a heap instead of sorting", W.IDEA, "mi-js", concepts=("heap",)),
    C("maybe memoize the recursive calls?", W.IDEA, "cs-py", concepts=("memoization",)),
    C("i'm thinking two pointers from both ends", W.IDEA, "ts-py", concepts=("two_pointers",)),
    C("i should push opening brackets and pop on closing ones", W.IDEA, "bb-js", concepts=("stack",)),
    C("how about a bfs with a queue", W.IDEA, "ni-py", concepts=("queue_bfs",)),
    C("use a dictionary mapping value to index?", W.IDEA, "ts-js", concepts=("hash_lookup",)),
    C("root.left is only compared to root, but the whole subtree must be smaller", W.ANSWER, "vb-js", "bounds", "names_cause", ("root",)),
    C("the 3 is in the right subtree but smaller than 5", W.ANSWER, "vb-js", "bounds", "partial"),
    C("line 4 i think", W.ANSWER, "ts-py", "ij", "partial"),
    C("j can be equal to i so the same number is added twice", W.ANSWER, "ts-js", "ij", "names_cause", ("i", "j")),
    C("n goes negative because n - 2 skips past 1", W.ANSWER, "cs-py", "base", "names_cause", ("n",)),
    C("it pops when the stack is empty", W.ANSWER, "bb-js", "pop", "partial", ("stack",)),
    C("because grid[r][c] is never changed after visiting", W.ANSWER, "ni-py", "visit", "names_cause", ("grid",)),
    C("last ends at 4 and cur starts at 4", W.ANSWER, "mi-js", "touch", "partial", ("last", "cur")),
    C("the largest coin isn't always right, 3+3 beats 4+1+1", W.ANSWER, "cc-js", "coins", "names_cause"),
    C("the loop variable?", W.ANSWER, "mp-py", "greedy", "off"),
    C("it's not the stack, it's the pairs object", W.ANSWER, "bb-js", "pop", "off"),
    C("ooh i see it now", W.UNDERSTANDS, "vb-js"),
    C("ah that makes a lot of sense", W.UNDERSTANDS, "cc-js"),
    C("got it, j has to start at i + 1", W.UNDERSTANDS, "ts-py", "ij", names=("i", "j")),
    C("right, so the tree needs bounds, understood", W.UNDERSTANDS, "vb-js", "bounds"),
    C("okay", W.UNDERSTANDS, "ni-py"),
    C("what should i practice after this", W.PRACTISE, "ok-py"),
    C("suggest me a harder problem", W.PRACTISE, "mi-js"),
    C("recommend something on binary trees", W.PRACTISE, "vb-js"),
    C("what topic am i weakest at", W.PRACTISE, "cc-js"),
    C("can we move on to the next problem", W.PRACTISE, "ok-py"),
    C("what did you have for breakfast", W.OFF_TOPIC, "cs-py"),
    C("can you help me write my cover letter", W.OFF_TOPIC, "ok-py"),
    C("how do i set up docker", W.OFF_TOPIC, "ni-py"),
    C("what's the best pizza topping", W.OFF_TOPIC, "mp-py"),
    C("hello there", W.GREETING, "vb-js"),
    C("hey", W.GREETING, "cc-js"),
    C("good evening!", W.GREETING, "ts-js"),
    C("thanks a lot", W.THANKS, "vb-js"),
    C("ty!", W.THANKS, "bb-js"),
    C("many thanks, that was helpful", W.THANKS, "td-py"),
    C("hi! why does test 1 fail?", W.WHY_FAILS, "mi-js"),
    C("thanks. and what's the space complexity?", W.COMPLEXITY, "ok-py"),
)  # fmt: skip

HELD_OUT: tuple[Case, ...] = (
    C("im completely stuck, what do i do", W.STUCK, "hr-js"),
    C("this problem is confusing me", W.STUCK, "fu-py"),
    C("i can't even start", W.STUCK, "vb-js"),
    C("been staring at this forever, no idea how to approach it", W.STUCK, "cc-js"),
    C("i need help with this one", W.STUCK, "td-py"),
    C("help!!", W.STUCK, "mi-js"),
    C("i don't know where to go from here", W.STUCK, "ts-py"),
    C("i'm lost on the recursion part", W.STUCK, "cs-py"),
    C("i dont know", W.DONT_KNOW, "hr-js", "skip"),
    C("no clue sorry", W.DONT_KNOW, "fu-py", "count"),
    C("hmm i'm not sure", W.DONT_KNOW, "mi-js", "touch"),
    C("no idea", W.DONT_KNOW, "cs-py", "base"),
    C("i really have no idea", W.DONT_KNOW, "ni-py", "visit"),
    C("can't say", W.DONT_KNOW, "bb-js", "pop"),
    C("give me the solution", W.SOLUTION, "hr-js"),
    C("show the answer", W.SOLUTION, "fu-py"),
    C("just write the code please", W.SOLUTION, "vb-js"),
    C("what's the correct code for this", W.SOLUTION, "mp-py"),
    C("can you code it for me", W.SOLUTION, "cs-py"),
    C("i want to see the full solution", W.SOLUTION, "ni-py"),
    C("please tell me the solution, i give up", W.SOLUTION, "cc-js"),
    C("post the reference solution", W.SOLUTION, "ts-js"),
    C("show me a working version", W.SOLUTION, "bb-js"),
    C("hint?", W.HINT, "hr-js"),
    C("could you give me a hint without the answer", W.HINT, "fu-py"),
    C("i'd like a hint", W.HINT, "mi-js"),
    C("give me a clue", W.HINT, "cc-js"),
    C("what's hint 3", W.HINT, "ts-py"),
    C("a little nudge pls", W.HINT, "ni-py"),
    C("why does it return 4 for [2,1,1,2]", W.WHY_FAILS, "hr-js"),
    C("why isn't this passing?", W.WHY_FAILS, "fu-py"),
    C("test 2 is failing, what did i do wrong", W.WHY_FAILS, "vb-js"),
    C("where's my mistake", W.WHY_FAILS, "cc-js"),
    C("i keep getting undefined", W.WHY_FAILS, "bb-js"),
    C("my output is wrong for the second example", W.WHY_FAILS, "mi-js"),
    C("why the KeyError?", W.WHY_FAILS, "ts-py"),
    C("what's the bug here", W.WHY_FAILS, "td-py"),
    C("it doesn't pass the hidden tests", W.WHY_FAILS, "ni-py"),
    C("why is the result -1 when there's a unique letter", W.WHY_FAILS, "fu-py"),
    C("why is it so sloooow", W.WHY_SLOW, "fu-py"),
    C("it's timing out on long strings", W.WHY_SLOW, "fu-py"),
    C("why do i get time limit exceeded", W.WHY_SLOW, "ts-js"),
    C("the code is too slow for n=45", W.WHY_SLOW, "cs-py"),
    C("it takes ages on the big grid", W.WHY_SLOW, "ni-py"),
    C("why does my solution time out?", W.WHY_SLOW, "mp-py"),
    C("is my solution optimal", W.IS_OPTIMAL, "hr-js"),
    C("is this optimised enough?", W.IS_OPTIMAL, "fu-py"),
    C("can we do better than this", W.IS_OPTIMAL, "ok-py"),
    C("is there a better approach than sorting?", W.IS_OPTIMAL, "mi-js"),
    C("is my code efficient", W.IS_OPTIMAL, "bb-js"),
    C("could this be faster?", W.IS_OPTIMAL, "ni-py"),
    C("is this solution the best one?", W.IS_OPTIMAL, "ok-py"),
    C("how can i make my solution faster", W.IS_OPTIMAL, "ts-py"),
    C("is this the optimal complexity or can it improve", W.IS_OPTIMAL, "cc-js"),
    C("my solution works, is it optimal?", W.IS_OPTIMAL, "vb-js"),
    C("what's the complexity", W.COMPLEXITY, "hr-js"),
    C("time complexity of my solution?", W.COMPLEXITY, "fu-py"),
    C("how much space does my solution take", W.COMPLEXITY, "ok-py"),
    C("is it O(n)?", W.COMPLEXITY, "ok-py"),
    C("what's the big o of the recursion", W.COMPLEXITY, "cs-py"),
    C("how does the runtime grow with the input size", W.COMPLEXITY, "mp-py"),
    C("is it exponential?", W.COMPLEXITY, "cs-py"),
    C("what if i use a counter first", W.IDEA, "fu-py", concepts=("counting",)),
    C("could i count each letter in a dict", W.IDEA, "fu-py", concepts=("counting",)),
    C("what about tracking the best with and without the current house", W.IDEA, "hr-js"),
    C("maybe dp where each house is robbed or skipped?", W.IDEA, "hr-js", concepts=("memoization",)),
    C("should i use a min-heap", W.IDEA, "mi-js", concepts=("heap",)),
    C("what if i do binary search", W.IDEA, "ts-py", concepts=("binary_search",)),
    C("i could sort and then use two pointers", W.IDEA, "ts-js", concepts=("sorting", "two_pointers")),
    C("maybe a sliding window?", W.IDEA, "fu-py", concepts=("sliding_window",)),
    C("let me use a visited set for the cells", W.IDEA, "ni-py", concepts=("visited",)),
    C("how about bottom up dp", W.IDEA, "cs-py", concepts=("memoization",)),
    C("even and odd houses aren't the only choices, you can skip two in a row", W.ANSWER, "hr-js", "skip", "names_cause", ("even", "odd")),
    C("odd is 2 but 4 is possible", W.ANSWER, "hr-js", "skip", "partial", ("odd",)),
    C("s.count walks the whole string each time so it's quadratic", W.ANSWER, "fu-py", "count", "names_cause", ("s",)),
    C("line 3", W.ANSWER, "fu-py", "count", "partial"),
    C("count is called inside the loop", W.ANSWER, "fu-py", "count", "partial", ("count",)),
    C("i is 0 and j is 0 on the first try", W.ANSWER, "ts-py", "ij", "partial", ("i", "j")),
    C("it's using index 0 twice because j isn't after i", W.ANSWER, "ts-js", "ij", "names_cause", ("i", "j")),
    C("maybe the base case?", W.ANSWER, "cs-py", "base", "partial", concepts=("base_case",)),
    C("n - 2 jumps over 1 to -1 and it never stops", W.ANSWER, "cs-py", "base", "names_cause", ("n",)),
    C("the stack is empty when the first char is a closer", W.ANSWER, "bb-js", "pop", "partial", ("stack",)),
    C("sink doesn't set the cell to 0 so it loops forever", W.ANSWER, "ni-py", "visit", "names_cause", ("sink",)),
    C("the target variable", W.ANSWER, "ts-py", "ij", "off"),
    C("nope not i", W.ANSWER, "ts-py", "ij", "off"),
    C("aha, i should not add every other house", W.UNDERSTANDS, "hr-js", "skip"),
    C("oh ok i understand now", W.UNDERSTANDS, "fu-py"),
    C("yes that's it, thank you", W.UNDERSTANDS, "vb-js"),
    C("right, got it", W.UNDERSTANDS, "mi-js"),
    C("makes sense, the count is n each time", W.UNDERSTANDS, "fu-py", "count"),
    C("i see now, j must start at i + 1", W.UNDERSTANDS, "ts-js", "ij", names=("i", "j")),
    C("cool", W.UNDERSTANDS, "cc-js"),
    C("what should i do next?", W.PRACTISE, "hr-js"),
    C("recommend another dp problem", W.PRACTISE, "hr-js"),
    C("what should i study next", W.PRACTISE, "fu-py"),
    C("give me a similar problem", W.PRACTISE, "ts-py"),
    C("next question please", W.PRACTISE, "vb-js"),
    C("which problems should i practise for graphs", W.PRACTISE, "ni-py"),
    C("how is the weather in paris", W.OFF_TOPIC, "hr-js"),
    C("can you recommend a good movie", W.OFF_TOPIC, "fu-py"),
    C("who is the president", W.OFF_TOPIC, "ts-js"),
    C("how do i write a sql query to join two tables", W.OFF_TOPIC, "mi-js"),
    C("tell me a story", W.OFF_TOPIC, "cs-py"),
    C("hi!", W.GREETING, "hr-js"),
    C("hello, good afternoon", W.GREETING, "fu-py"),
    C("hey coach", W.GREETING, "ni-py"),
    C("thanks", W.THANKS, "hr-js"),
    C("thank u", W.THANKS, "fu-py"),
    C("appreciate it!", W.THANKS, "mp-py"),
    C("thanks for the help", W.THANKS, "cc-js"),
    C("hey, can you just give me the code", W.SOLUTION, "ts-py"),
    C("thanks! what should i practise next?", W.PRACTISE, "bb-js"),
    C("got it thanks", W.UNDERSTANDS, "cs-py"),
)  # fmt: skip


@cache
def vocabulary(code_key: str) -> Vocabulary:
    """The vocabulary of one of the corpus's pieces of code (its problem from the built-in bank)."""
    problem_id, language, code = CODE[code_key]
    return Vocabulary.of(_bank().get(problem_id), code, language)


@cache
def _bank():  # noqa: ANN202 - the bank's type is the loader's
    return load_bank([builtin_problems_dir()])


def expectation(case: Case) -> Expectation | None:
    return EXPECT[case.expect] if case.expect else None


def mistakes(case: Case, reading: Reading) -> list[str]:
    """What a reading got wrong of a case (empty: all of it right)."""
    wrong = []
    if reading.want is not case.want:
        wrong.append(f"want {reading.want.value}, not {case.want.value}")
    if case.fit and reading.fit != case.fit:
        wrong.append(f"fit {reading.fit}, not {case.fit}")
    if not set(case.names) <= set(reading.names):
        wrong.append(f"names {reading.names} miss {case.names}")
    if not set(case.concepts) <= set(reading.concepts):
        wrong.append(f"concepts {reading.concepts} miss {case.concepts}")
    return wrong
