"""What the containment tests' learner code shares: each attempt on the app is recorded, never raised."""

# Prepended to an attack's source: ``attempt(out, name, action)`` records "done" when the action
# went through, or the name of the OSError the kernel or the guard answered with.
ATTEMPT = """
def attempt(out, name, action):
    try:
        action()
        out[name] = "done"
    except OSError as exc:
        out[name] = type(exc).__name__
"""
