"""check: checks the declarations and turns them into the model's values: fields, archetypes, systems
(with which archetypes each matches, and where two collide), observers, and their stable ids (which
persistence/ gives). One module per kind of thing checked; world.py runs them all."""
