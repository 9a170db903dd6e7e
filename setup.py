"""Build of the compiled core (``reversis._core.core``, Cython); the metadata is in pyproject.toml.

The core is optional: where Cython or a C compiler is missing, or the compiler fails, one line says
so and the pure-Python library is installed (the reference engine, which the core is checked
against). ``REVERSIS_PURE_PYTHON=1`` at build time skips the core. ``REVERSIS_CORE_CFLAGS`` adds
compiler flags (the sanitizer build, ``benchmarks/core_sanitizer.sh``, passes
``-fsanitize=address,undefined``); ``REVERSIS_LIMITED_API=1`` builds against Python's Limited API
(an abi3 extension, for trials).
"""

from __future__ import annotations

import os
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

CORE = "reversis._core.core"
SOURCE = "src/reversis/_core/core.pyx"


def _say(text: str) -> None:
    print(f"reversis: {text}", file=sys.stderr, flush=True)


class OptionalBuildExt(build_ext):
    """``build_ext`` that installs the pure-Python library when the core cannot be compiled."""

    def run(self) -> None:
        """Build the extensions; on any failure of the compiler, say so and go on without."""
        try:
            super().run()
        except Exception as error:
            self._fallback(error)

    def build_extension(self, ext: Extension) -> None:
        """Build ``ext``; on failure, say so and go on without it."""
        try:
            super().build_extension(ext)
        except Exception as error:
            self._fallback(error)

    @staticmethod
    def _fallback(error: BaseException) -> None:
        if os.environ.get("REVERSIS_REQUIRE_CORE") == "1":
            raise error
        first = str(error).strip().splitlines()[:1] or [type(error).__name__]
        _say(
            f"the compiled core could not be built ({first[0][:120]}); installing the pure-Python "
            "engine (same rules, slower)"
        )


def extensions() -> list[Extension]:
    """The core's extension, or none (pure Python) where it is skipped or Cython is missing."""
    if os.environ.get("REVERSIS_PURE_PYTHON") == "1":
        _say("REVERSIS_PURE_PYTHON=1: installing the pure-Python engine, without the compiled core")
        return []
    try:
        from Cython.Build import cythonize  # noqa: PLC0415 - a build requirement, maybe absent
    except ImportError:
        if os.environ.get("REVERSIS_REQUIRE_CORE") == "1":
            raise
        _say(
            "Cython is not installed: installing the pure-Python engine, without the compiled core"
        )
        return []
    flags = os.environ.get("REVERSIS_CORE_CFLAGS", "").split()
    macros: list[tuple[str, str | None]] = []
    limited = os.environ.get("REVERSIS_LIMITED_API") == "1"
    if limited:
        macros.append(("Py_LIMITED_API", "0x030B0000"))
    core = Extension(
        CORE,
        [SOURCE],
        extra_compile_args=["-O2", *flags] if os.name != "nt" else [],
        extra_link_args=[f for f in flags if f.startswith("-fsanitize")],
        define_macros=macros,
        py_limited_api=limited,
    )
    try:
        return list(
            cythonize(
                [core],
                language_level=3,
                compiler_directives={"boundscheck": False, "wraparound": False, "cdivision": True},
                quiet=True,
            )
        )
    except Exception as error:
        if os.environ.get("REVERSIS_REQUIRE_CORE") == "1":
            raise
        _say(f"Cython could not translate the core ({error}); installing the pure-Python engine")
        return []


limited = os.environ.get("REVERSIS_LIMITED_API") == "1"
setup(
    ext_modules=extensions(),
    cmdclass={"build_ext": OptionalBuildExt},
    options={"bdist_wheel": {"py_limited_api": "cp311"}} if limited else {},
)
