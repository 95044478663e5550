"""The function-calling surface: argument models, the registry, and adapters onto the engine."""
