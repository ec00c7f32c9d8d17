"""kiln_codegen: turns kiln schemas (TOML) into the C++ headers of a typed world.

The pipeline is loader (TOML files) -> validate (model.Schema, or every mistake at once)
-> render (Jinja templates). kilnc is the command line over it.
"""
