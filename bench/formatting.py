"""How bench/report.py and bench/peers.py write figures and the machine.

Both sections of docs/performance.md, kiln's own tables and the one beside
other libraries, show nanoseconds and caches alike, from here.
"""

from __future__ import annotations


def format_ns(value: float) -> str:
    """Three significant digits, without exponents.

    >>> [format_ns(x) for x in (0.29341, 0.99961, 3.4399, 34.401, 123.4)]
    ['0.293', '1.00', '3.44', '34.4', '123']
    """
    rounded = float(f"{value:.3g}")
    if rounded >= 100:
        return f"{rounded:.0f}"
    if rounded >= 10:
        return f"{rounded:.1f}"
    if rounded >= 1:
        return f"{rounded:.2f}"
    return f"{rounded:.3f}"


def format_bytes(size: int) -> str:
    """
    >>> format_bytes(32768), format_bytes(33554432)
    ('32 KiB', '32 MiB')
    """
    for unit, scale in (("MiB", 1 << 20), ("KiB", 1 << 10)):
        if size >= scale and size % scale == 0:
            return f"{size // scale} {unit}"
    return f"{size} B"


def caches_text(context: dict) -> str:
    """The caches of a Google Benchmark JSON's context, or "unknown".

    >>> caches_text({"caches": [{"type": "Data", "level": 1, "size": 32768, "num_sharing": 1},
    ...                         {"type": "Unified", "level": 3, "size": 33554432, "num_sharing": 2}]})
    'L1 data 32 KiB, L3 unified 32 MiB (shared by 2)'
    >>> caches_text({})
    'unknown'
    """
    return (
        ", ".join(
            f"L{cache['level']} {cache['type'].lower()} {format_bytes(cache['size'])}"
            + (f" (shared by {cache['num_sharing']})" if cache.get("num_sharing", 1) > 1 else "")
            for cache in context.get("caches", [])
        )
        or "unknown"
    )
