"""The Python child: judge, learner test frameworks, tracer. Imports only the standard library."""
