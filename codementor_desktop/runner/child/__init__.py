"""Code that runs inside the child process, next to the learner's code.

``python/`` is the Python child (standard library only, Python 3.9 and later: it runs under
``python -I -S``, on a Piston server and inside the frozen app); ``javascript/`` is the Node
child (Node's built-ins only). ``wire.py`` holds the words and shapes both sides share. Python
modules import their siblings by plain name when run as a script (the entry puts its folder and
this one on ``sys.path``) and relatively when imported as a package.
"""
