"""check: checks the declarations and turns them into the model's values: fields, stable ids, archetypes,
systems (with which archetypes each matches, and where two collide) and observers."""
