"""cpp: what kilnc knows of C++, shared by every layer as model.py is: which names C++ leaves free,
how a field's type, a float and a derived name are spelled, and the macros of its headers."""
