"""kiln_codegen: turns kiln schemas (TOML) into the C++ headers of a typed world.

The pipeline is loader (TOML files) -> validate (model.Schema, or every mistake at once; with
validate_systems and settings, and schedule, which plans the systems' stages) -> render (Jinja
templates). kilnc is the command line over it.
"""
