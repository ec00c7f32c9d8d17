"""kiln_codegen: turns kiln schemas (TOML) into the C++ headers of a typed world.

The pipeline (pipeline.py) is front (load the TOML files) -> persistence (stable ids and the lock
file) -> check (the declarations) -> plan (the schedule) -> back (render with Jinja templates), each
a folder that imports only the ones before it; plan and back take the model alone. model.py (the
Schema the layers pass on), errors.py, access.py (access as data), vocabulary.py (the schema
language's tables and keys) and cpp/ (what kilnc knows of C++) are shared by all. kilnc (cli.py) is
the command line over it.
"""
