"""The Solutions view: the bank's reference solutions beside the learner's own code, opened only
after the learner solved the problem (or took every hint and confirmed)."""
