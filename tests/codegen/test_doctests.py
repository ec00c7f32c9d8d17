"""The examples in kiln_codegen's docstrings (filters.py above all) are tests too."""

import doctest
import importlib
import pkgutil

from . import support


def load_tests(loader, tests, ignore):
    for module in pkgutil.walk_packages([str(support.CODEGEN / "kiln_codegen")], prefix="kiln_codegen."):
        tests.addTests(doctest.DocTestSuite(importlib.import_module(module.name)))
    return tests
