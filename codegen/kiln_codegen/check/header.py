"""Checks the [kiln] header of each file: the namespace every file declares and the version any gives
(settings.py checks the rest of it)."""

from typing import Any

from ..cpp.names import name_problem
from ..errors import shown
from ..front.loader import SchemaFile
from ..vocabulary import HEADER_KEYS, MAX_VERSION
from .checker import Checker


def header(checker: Checker) -> tuple[str | None, int]:
    """The namespace every file declares, and the version that any file gives (1 if none does).

    The first file with a valid namespace or version sets it; the others must agree. A file
    without `version` says nothing about it, so a world's version may be given in one file only.
    """
    namespace_at: tuple[str, SchemaFile] | None = None
    version_at: tuple[int, SchemaFile] | None = None
    for file in checker.files:
        header = file.data.get("kiln")
        if header is None:
            checker.error(file, (), 'missing [kiln] table; begin the file with [kiln] and namespace = "..." '
                          "(the C++ namespace to generate into)")
            continue
        if not isinstance(header, dict):
            checker.error(file, ("kiln",), "'kiln' must be a table: write [kiln] and below it namespace = \"...\"")
            continue
        checker.unknown_keys(file, ("kiln",), header, HEADER_KEYS, "[kiln]")
        namespace = _namespace(checker, file, header)
        if namespace is not None:
            namespace_at = namespace_at or (namespace, file)
            first_namespace, first_file = namespace_at
            if namespace != first_namespace:
                checker.error(file, ("kiln", "namespace"),
                              f"[kiln] namespace '{namespace}' differs from '{first_namespace}' at "
                              f"{first_file.locate(('kiln', 'namespace'))}; all files of one world declare the "
                              "same namespace")
        version = _version(checker, file, header)
        if version is not None:
            version_at = version_at or (version, file)
            first_version, first_file = version_at
            if version != first_version:
                checker.error(file, ("kiln", "version"),
                              f"[kiln] version {version} differs from version {first_version} at "
                              f"{first_file.locate(('kiln', 'version'))}; a world has one version: give it in "
                              "one file, or the same in each")
    return (namespace_at[0] if namespace_at else None), (version_at[0] if version_at else 1)


def _namespace(checker: Checker, file: SchemaFile, header: dict[str, Any]) -> str | None:
    keys = ("kiln", "namespace")
    namespace = header.get("namespace")
    if namespace is None:
        checker.error(file, ("kiln",), '[kiln] has no namespace; add namespace = "game" (the C++ namespace of '
                      'the generated code; nest with "::", like "studio::game")')
        return None
    if not isinstance(namespace, str):
        checker.error(file, keys, f'[kiln] namespace must be a string like "game", not {shown(namespace)}')
        return None
    valid = True
    for index, part in enumerate(namespace.split("::")):
        problem = name_problem(part)
        if problem is None and index == 0 and part == "std":
            problem = "is the C++ standard library's namespace"
        if problem is not None:
            checker.error(file, keys, f"[kiln] namespace '{namespace}': '{part}' {problem}; choose another namespace")
            valid = False
    return namespace if valid else None


def _version(checker: Checker, file: SchemaFile, header: dict[str, Any]) -> int | None:
    """The version a file gives; None when it gives none, or one that is reported."""
    if "version" not in header:
        return None
    version = header["version"]
    if isinstance(version, bool) or not isinstance(version, int) or not 1 <= version <= MAX_VERSION:
        checker.error(file, ("kiln", "version"),
                      f"[kiln] version must be a whole number from 1 to {MAX_VERSION} (the schema's own "
                      f"version), not {shown(version)}")
        return None
    return version
