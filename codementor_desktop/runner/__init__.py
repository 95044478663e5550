"""Running learners' code: the job protocol, the local child process and remote backends."""
