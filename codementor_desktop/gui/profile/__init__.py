"""The Profile tab: the learner's mastery, readiness, streak and progress over time."""
