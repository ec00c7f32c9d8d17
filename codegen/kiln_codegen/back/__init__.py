"""back: renders the Schema as C++ headers and a Graphviz file, through strict Jinja templates."""
