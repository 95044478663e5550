"""Code that runs inside the child process, next to the learner's code.

Standard library only, Python 3.9 and later: it runs under ``python -I -S``, on a Piston server
and inside the frozen app. Modules import their siblings by plain name when run as a script (the
entry puts this folder on ``sys.path``) and relatively when imported as a package.
"""
