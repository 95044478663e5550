"""Where things are kept: paths, settings, the learner database and secrets."""
