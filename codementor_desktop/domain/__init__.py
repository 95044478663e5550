"""Qt-free words shared by every layer: verdicts, topics, patterns, callers, languages."""
