"""persistence: the stable ids that saves name components, resources, archetypes and fields by, kept
across schema edits in the lock file; check gives ids through it, and the command line reads and
writes the lock with it."""
