"""Renders a Schema through the Jinja templates and writes the files whose bytes changed."""

import functools
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path

import jinja2

from ..model import Schema
from .filters import FILTERS
from .fingerprint import fingerprint
from .outputs import COMPONENTS_HEADER, OUTPUTS, SYSTEMS_HEADER, WORLD_HEADER, include_path

TEMPLATES = Path(__file__).resolve().parent / "templates"
# The kiln::codegen_abi the generated headers are written for; the runtime and kilnc raise it
# together whenever the shape of generated code changes, so stale headers fail to compile.
CODEGEN_ABI = 10


def render(schema: Schema, sources: Sequence[str]) -> dict[str, str]:
    """Every generated file's text, keyed by its include path ("game/world.hpp").

    `sources` are the schema paths to name in the banner, as the reader should see them.
    """
    templates = environment()
    texts = {}
    for output in OUTPUTS:
        template_name = output + ".j2"
        path = include_path(schema.namespace, output)
        texts[path] = templates.get_template(template_name).render(
            schema=schema,
            sources=sources,
            template_name=template_name,
            include_path=path,
            components_include=include_path(schema.namespace, COMPONENTS_HEADER),
            systems_include=include_path(schema.namespace, SYSTEMS_HEADER),
            world_include=include_path(schema.namespace, WORLD_HEADER),
            codegen_abi=CODEGEN_ABI,
            fingerprint=fingerprint(schema),
        )
    return texts


@functools.cache
def environment() -> jinja2.Environment:
    """The strict Jinja environment of the templates, with the filters of filters.py.

    One per process: the environment keeps each template compiled, and compiling them
    was half of the generator tests' time (a fresh environment per render compiled the
    dozen templates again each time).
    """
    templates = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        autoescape=False,
    )
    templates.filters.update(FILTERS)
    return templates


def write_if_changed(path: Path, text: str) -> bool:
    """Writes `text` to `path` unless the file already holds exactly it; returns whether it wrote.

    Leaving unchanged files alone keeps their mtime, so builds do not recompile what includes them.
    The new bytes go to a temporary file that then replaces `path`, so that a reader never sees half
    a file: two build targets may generate from the same schema, and so write the same lock file.
    """
    data = text.encode("utf-8")
    try:
        if path.read_bytes() == data:
            return False
    except FileNotFoundError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(descriptor, "wb") as file:
            file.write(data)
        # mkstemp's file is private (0600); give it the mode a plain write would have.
        os.chmod(temporary, 0o666 & ~_umask())
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise
    return True


def _umask() -> int:
    mask = os.umask(0)  # the only way to read it is to set it
    os.umask(mask)
    return mask
