"""front: loads the TOML schema files and knows where each key is, for errors that point at it."""
