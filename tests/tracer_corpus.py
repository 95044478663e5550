"""Ordinary programs to trace: (name, code, entry function or None, arguments).

Each one is traced by the child's tracer and by the reference tracer (``tests/reference_tracer.py``)
and the two must agree fully: the same (event, line, function) at every step, the same value of
every variable in every visible frame, the same output.
"""

from __future__ import annotations

CORPUS: list[tuple[str, str, str | None, tuple]] = [
    (
        "global container changed in a function",
        "lst = []\ndef add(x):\n    lst.append(x)\nadd(1)\nadd(2)\nprint(lst)\n",
        None,
        (),
    ),
    (
        "global statement",
        "count = 0\ndef bump(k):\n    global count\n    count += k\n    return count\nbump(2)\nbump(3)\nprint(count)\n",
        None,
        (),
    ),
    (
        "nonlocal in a closure",
        "def outer():\n    x = 1\n    def inner():\n        nonlocal x\n        x = 2\n        return x\n"
        "    inner()\n    return x\nprint(outer())\n",
        None,
        (),
    ),
    (
        "counter factory",
        "def make():\n    n = 0\n    def inc():\n        nonlocal n\n        n += 1\n        return n\n    return inc\n"
        "c = make()\nc()\nc()\nprint(c())\n",
        None,
        (),
    ),
    ("star import", "from math import *\nr = floor(2.5)\nprint(r, pi > 3)\n", None, ()),
    ("exec", 'exec("a = 1")\nb = a + 1\nprint(a, b)\n', None, ()),
    ("globals() written", 'globals()["b"] = 2\nc = b * 3\nprint(c)\n', None, ()),
    (
        "exec in a function",
        'def f():\n    exec("z = 5")\n    y = 1\n    return y\nf()\n',
        None,
        (),
    ),
    (
        "generator with two names",
        "def gen(n):\n    for i in range(n):\n        yield i * i\ng = gen(3)\nh = g\nfirst = next(g)\nrest = list(h)\n"
        "print(first, rest)\n",
        None,
        (),
    ),
    (
        "class attributes",
        "class Counter:\n    total = 0\n    def __init__(self):\n        Counter.total += 1\n        self.id = Counter.total\n"
        "a = Counter()\nb = Counter()\nprint(Counter.total, a.id, b.id)\n",
        None,
        (),
    ),
    (
        "instances and methods",
        "class Stack:\n    def __init__(self):\n        self.items = []\n    def push(self, x):\n        self.items.append(x)\n"
        "    def pop(self):\n        return self.items.pop()\ns = Stack()\ns.push(1)\ns.push(2)\ntop = s.pop()\nprint(top, s.items)\n",
        None,
        (),
    ),
    (
        "linked list built and reversed",
        "class Node:\n    def __init__(self, val, nxt=None):\n        self.val = val\n        self.next = nxt\n"
        "head = None\nfor v in [3, 2, 1]:\n    head = Node(v, head)\nprev = None\ncur = head\nwhile cur:\n"
        "    cur.next, prev, cur = prev, cur, cur.next\nprint(prev.val)\n",
        None,
        (),
    ),
    (
        "binary search",
        "def search(arr, target):\n    lo, hi = 0, len(arr) - 1\n    while lo <= hi:\n        mid = (lo + hi) // 2\n"
        "        if arr[mid] < target:\n            lo = mid + 1\n        elif arr[mid] > target:\n            hi = mid - 1\n"
        "        else:\n            return mid\n    return -1\n",
        "search",
        ([1, 3, 5, 7, 9, 11], 9),
    ),
    (
        "recursion with memo",
        "def fib(n, memo):\n    if n in memo:\n        return memo[n]\n    if n < 2:\n        return n\n"
        "    memo[n] = fib(n - 1, memo) + fib(n - 2, memo)\n    return memo[n]\n",
        "fib",
        (6, {}),
    ),
    (
        "mutating an argument",
        "def fill(grid, v):\n    for row in grid:\n        for j in range(len(row)):\n            row[j] = v\n    return grid\n",
        "fill",
        ([[0, 0], [0, 0]], 7),
    ),
    (
        "aliased rows",
        "grid = [[0] * 2] * 2\ngrid[0][0] = 5\nfixed = [[0] * 2 for _ in range(2)]\nfixed[0][0] = 5\nprint(grid, fixed)\n",
        None,
        (),
    ),
    (
        "dict of lists",
        "groups = {}\nfor w in ['ant', 'bee', 'ape', 'bat']:\n    groups.setdefault(w[0], []).append(w)\n"
        "sizes = {k: len(v) for k, v in groups.items()}\nprint(groups, sizes)\n",
        None,
        (),
    ),
    (
        "sets and tuples",
        "seen = set()\npairs = []\nfor x in [3, 1, 3, 2, 1]:\n    if x in seen:\n        pairs.append((x, len(seen)))\n"
        "    seen.add(x)\nfrozen = frozenset(seen)\nprint(sorted(seen), pairs)\n",
        None,
        (),
    ),
    (
        "deleting names and keys",
        "d = {'a': 1, 'b': 2}\nx = 5\ndel d['a']\ndel x\ny = list(d)\nprint(y)\n",
        None,
        (),
    ),
    (
        "caught exceptions",
        "def safe(pairs):\n    out = []\n    for a, b in pairs:\n        try:\n            out.append(a // b)\n"
        "        except ZeroDivisionError as e:\n            out.append(str(e))\n    return out\n",
        "safe",
        ([[7, 2], [1, 0]],),
    ),
    (
        "uncaught exception inside a call",
        "def pick(xs, i):\n    return xs[i]\ndef main():\n    try:\n        pick([1], 3)\n    except IndexError:\n"
        "        return 'caught'\nprint(main())\n",
        None,
        (),
    ),
    (
        "string building",
        "s = ''\nfor ch in 'abc':\n    s = ch + s\nwords = ' '.join([s, s.upper()])\nprint(words)\n",
        None,
        (),
    ),
    (
        "sorted with a lambda key",
        "people = [('bo', 30), ('al', 25)]\nby_age = sorted(people, key=lambda p: p[1])\nnames = [p[0] for p in by_age]\n"
        "print(names)\n",
        None,
        (),
    ),
    (
        "stack and queue with deque",
        "from collections import deque\nq = deque([1])\nout = []\nwhile q:\n    x = q.popleft()\n    out.append(x)\n"
        "    if x < 4:\n        q.append(x * 2)\nprint(out)\n",
        None,
        (),
    ),
    (
        "two pointers",
        "def two_sum(nums, target):\n    i, j = 0, len(nums) - 1\n    while i < j:\n        s = nums[i] + nums[j]\n"
        "        if s == target:\n            return [i, j]\n        if s < target:\n            i += 1\n        else:\n            j -= 1\n"
        "    return []\n",
        "two_sum",
        ([1, 2, 4, 7, 11], 15),
    ),
    (
        "nested functions and recursion on a tree",
        "class T:\n    def __init__(self, v, l=None, r=None):\n        self.v, self.l, self.r = v, l, r\n"
        "def depth(t):\n    if t is None:\n        return 0\n    return 1 + max(depth(t.l), depth(t.r))\n"
        "root = T(1, T(2), T(3, T(4)))\nd = depth(root)\nprint(d)\n",
        None,
        (),
    ),
    (
        "a function changes a global dict read elsewhere",
        "cache = {}\ndef remember(k, v):\n    cache[k] = v\ndef lookup(k):\n    return cache.get(k)\nremember('a', 1)\n"
        "x = lookup('a')\nremember('b', [x])\nprint(cache)\n",
        None,
        (),
    ),
    (
        "heap operations",
        "import heapq\nh = []\nfor v in [5, 1, 4]:\n    heapq.heappush(h, v)\nsmallest = heapq.heappop(h)\nprint(smallest, h)\n",
        None,
        (),
    ),
    (
        "matrix transposed",
        "m = [[1, 2, 3], [4, 5, 6]]\nt = [list(col) for col in zip(*m)]\nm[0][0] = 9\nprint(t, m)\n",
        None,
        (),
    ),
    (
        "cyclic structure",
        "class N:\n    pass\na = N()\nb = N()\na.other = b\nb.other = a\nloop = [1]\nloop.append(loop)\nprint(len(loop))\n",
        None,
        (),
    ),
    (
        "method changes a global through an alias",
        "log = []\nclass Logger:\n    def __init__(self, sink):\n        self.sink = sink\n    def write(self, m):\n"
        "        self.sink.append(m)\nlg = Logger(log)\nlg.write('hi')\nlg.write('yo')\nprint(log)\n",
        None,
        (),
    ),
    (
        "global rebound in a function called from a loop",
        "best = None\ndef consider(v):\n    global best\n    if best is None or v > best:\n        best = v\n"
        "for v in [3, 8, 2]:\n    consider(v)\nprint(best)\n",
        None,
        (),
    ),
    (
        "an object dropped dies at once",
        "import weakref\nclass Box:\n    def __del__(self):\n        print('freed')\nb = Box()\nr = weakref.ref(b)\n"
        "b = None\ngone = r() is None\nprint(gone)\n",
        None,
        (),
    ),
    (
        "a node unlinked from a list dies at once",
        "import weakref\nclass Node:\n    def __init__(self, v, nxt=None):\n        self.v = v\n        self.next = nxt\n"
        "head = Node(1, Node(2, Node(3)))\nmiddle = weakref.ref(head.next)\nhead.next = head.next.next\n"
        "print(middle() is None)\n",
        None,
        (),
    ),
    (
        "several statements on a line, with a call",
        "def f(v):\n    return v * 2\na = 1; b = f(a); c = [a, b]\nc.append(f(b)); d = len(c)\nprint(a, b, c, d)\n",
        None,
        (),
    ),
    (
        "backtracking with a shared path",
        "def perms(items):\n    out, path = [], []\n    def go():\n        if len(path) == len(items):\n"
        "            out.append(path[:])\n            return\n        for x in items:\n            if x not in path:\n"
        "                path.append(x)\n                go()\n                path.pop()\n    go()\n    return out\n",
        "perms",
        ([1, 2, 3],),
    ),
    (
        "nonlocal best in a recursive search",
        "def longest(root):\n    best = 0\n    def dfs(node, depth):\n        nonlocal best\n        if node is None:\n"
        "            return\n        best = max(best, depth)\n        for child in node:\n            dfs(child, depth + 1)\n"
        "    dfs(root, 1)\n    return best\n",
        "longest",
        ([[[]], [[[]]]],),
    ),
    (
        "nonlocal written by a closure passed down a recursion",
        "def outer(k, cb=None):\n    count = 0\n    def bump():\n        nonlocal count\n        count += 1\n"
        "    if cb is not None:\n        cb()\n    if k > 0:\n        outer(k - 1, bump)\n    return count\n",
        "outer",
        (3,),
    ),
    (
        "nonlocal two functions deep",
        "def a():\n    x = 0\n    def b():\n        def c():\n            nonlocal x\n            x += 5\n        c()\n"
        "        return x\n    y = b()\n    return x + y\n",
        "a",
        (),
    ),
    (
        "inheritance and super",
        "class Animal:\n    sound = '...'\n    def __init__(self, name):\n        self.name = name\n    def speak(self):\n"
        "        return self.name + ' says ' + self.sound\nclass Dog(Animal):\n    sound = 'woof'\n"
        "    def __init__(self, name, tricks):\n        super().__init__(name)\n        self.tricks = list(tricks)\n"
        "d = Dog('rex', ['sit'])\nline = d.speak()\nd.tricks.append('roll')\nprint(line, d.tricks)\n",
        None,
        (),
    ),
    (
        "slots, properties and a custom exception",
        "class Bad(Exception):\n    pass\nclass P:\n    __slots__ = ('x', 'y')\n    def __init__(self, x, y):\n"
        "        self.x, self.y = x, y\n    @property\n    def norm(self):\n        return abs(self.x) + abs(self.y)\n"
        "p = P(3, -4)\nn = p.norm\ntry:\n    raise Bad('too far', n)\nexcept Bad as e:\n    err = e\np.x = 0\nprint(n, p.norm)\n",
        None,
        (),
    ),
    (
        "generators in a loop and yield from",
        "def count(n):\n    i = 0\n    while i < n:\n        yield i\n        i += 1\ndef both(n):\n    yield from count(n)\n"
        "    yield -1\ntotal = 0\nfor v in both(3):\n    total += v\nsquares = sum(x * x for x in count(4))\nprint(total, squares)\n",
        None,
        (),
    ),
    (
        "list surgery",
        "xs = [5, 1, 4]\nxs.insert(0, 9)\ndel xs[1]\nxs[1:2] = [7, 7, 7]\nxs.sort(reverse=True)\nys = xs[::-1]\n"
        "a, b = ys[0], ys[-1]\na, b = b, a\nprint(xs, ys, a, b)\n",
        None,
        (),
    ),
    (
        "a global counter dict changed by augmented assignment",
        "counts = {}\ndef see(word):\n    counts[word] = counts.get(word, 0) + 1\nfor w in 'a b a c a'.split():\n"
        "    see(w)\ntop = max(counts, key=counts.get)\nprint(top, counts)\n",
        None,
        (),
    ),
    (
        "big numbers and floats",
        "def fact(n):\n    return 1 if n <= 1 else n * fact(n - 1)\nbig = fact(22)\nx = 0.1 + 0.2\n"
        "inf = float('inf')\nratio = big / 10 ** 20\nprint(big, x, ratio)\n",
        None,
        (),
    ),
    (
        "while with else and break",
        "def first_even(xs):\n    i = 0\n    while i < len(xs):\n        if xs[i] % 2 == 0:\n            break\n        i += 1\n"
        "    else:\n        return None\n    return xs[i]\n",
        "first_even",
        ([1, 3, 6, 7],),
    ),
    (
        "lambdas closing over loop variables",
        "fs = [lambda x, k=k: x + k for k in range(3)]\nvals = [f(10) for f in fs]\nmul = lambda a, b: a * b\n"
        "prod = mul(*vals[:2])\nprint(vals, prod)\n",
        None,
        (),
    ),
    (
        "try, finally and a re-raised error",
        "log = []\ndef risky(x):\n    try:\n        if x < 0:\n            raise ValueError('neg')\n        return x\n"
        "    finally:\n        log.append(x)\ndef safe(x):\n    try:\n        return risky(x)\n    except ValueError as e:\n"
        "        return str(e)\nr = [safe(1), safe(-1)]\nprint(r, log)\n",
        None,
        (),
    ),
    (
        "namedtuple and dataclass",
        "from collections import namedtuple\nfrom dataclasses import dataclass\nPt = namedtuple('Pt', 'x y')\n"
        "@dataclass\nclass Item:\n    name: str\n    qty: int = 1\np = Pt(1, 2)\nq = p._replace(x=5)\nit = Item('pen')\n"
        "it.qty += 2\nprint(p, q, it)\n",
        None,
        (),
    ),
    (
        "an uncaught error ends the program",
        "def div(a, b):\n    return a // b\nresults = []\nfor b in [2, 1, 0, 5]:\n    results.append(div(10, b))\n"
        "print(results)\n",
        None,
        (),
    ),
    (
        "a generator driven by send",
        "def averager():\n    total = count = 0\n    avg = None\n    while True:\n        x = yield avg\n"
        "        total += x\n        count += 1\n        avg = total / count\ng = averager()\nnext(g)\n"
        "a = g.send(4)\nb = g.send(8)\nprint(a, b)\n",
        None,
        (),
    ),
    (
        "a mutable default argument",
        "def remember(x, seen=[]):\n    seen.append(x)\n    return len(seen)\nfirst = remember(1)\nsecond = remember(2)\n"
        "print(first, second)\n",
        None,
        (),
    ),
    (
        "zip, enumerate and dict items",
        "names = ['ann', 'bob']\nages = [31, 27]\nbook = {}\nfor i, (n, a) in enumerate(zip(names, ages)):\n"
        "    book[n] = (i, a)\nolder = [n for n, (i, a) in book.items() if a > 30]\nprint(older)\n",
        None,
        (),
    ),
    (
        "a global rebound two calls deep",
        "level = 0\ndef inner():\n    global level\n    level += 10\n    return level\ndef outer():\n    x = inner()\n"
        "    return x + level\ny = outer()\nprint(y, level)\n",
        None,
        (),
    ),
    (
        "matrix search with early return",
        "def find(grid, t):\n    for r, row in enumerate(grid):\n        for c, v in enumerate(row):\n"
        "            if v == t:\n                return (r, c)\n    return None\n",
        "find",
        ([[1, 2], [3, 4], [5, 6]], 4),
    ),
    (
        "string scanning with a dict of counts",
        "def first_unique(s):\n    counts = {}\n    for ch in s:\n        counts[ch] = counts.get(ch, 0) + 1\n"
        "    for i, ch in enumerate(s):\n        if counts[ch] == 1:\n            return i\n    return -1\n",
        "first_unique",
        ("leetcode",),
    ),
    (
        "a class changed through its instances",
        "class C:\n    n = 0\n    shared = []\n    def __init__(self):\n        self.__class__.n += 1\n"
        "        self.shared.append(self.n)\n    def bump(self):\n        type(self).n += 10\na = C()\nb = C()\nb.bump()\n"
        "print(C.n, C.shared)\n",
        None,
        (),
    ),
    (
        "a trie: the old node changed on the line that moves past it",
        "class Trie:\n    def __init__(self):\n        self.kids = {}\n        self.end = False\n    def add(self, w):\n"
        "        node = self\n        for ch in w:\n            node = node.kids.setdefault(ch, Trie())\n        node.end = True\n"
        "t = Trie()\nt.add('ab')\nt.add('ac')\nprint(sorted(t.kids['a'].kids))\n",
        None,
        (),
    ),
    (
        "breadth-first search",
        "from collections import deque\ndef bfs(graph, start):\n    seen = {start}\n    order = []\n    q = deque([start])\n"
        "    while q:\n        u = q.popleft()\n        order.append(u)\n        for v in graph[u]:\n            if v not in seen:\n"
        "                seen.add(v)\n                q.append(v)\n    return order\n",
        "bfs",
        ({0: [1, 2], 1: [3], 2: [3], 3: []}, 0),
    ),
    (
        "a context manager and a cached recursion",
        "from functools import lru_cache\nclass Res:\n    def __init__(self):\n        self.log = []\n"
        "    def __enter__(self):\n        self.log.append('in')\n        return self\n    def __exit__(self, *exc):\n"
        "        self.log.append('out')\n        return False\n@lru_cache(maxsize=None)\ndef ways(n):\n"
        "    return 1 if n < 2 else ways(n - 1) + ways(n - 2)\nwith Res() as r:\n    r.log.append(ways(5))\nprint(r.log)\n",
        None,
        (),
    ),
    (
        "names bound later through locals() and vars()",
        "class B:\n    pass\ndef f():\n    a = 1\n    d = locals()\n    d['b'] = 2\n    return d\nr = f()\nb = B()\n"
        "vars(b)['z'] = 3\nprint(sorted(r), b.z)\n",
        None,
        (),
    ),
]
