"""Edge-case discovery: explicit cases per category, then Hypothesis, against an oracle or alone."""
