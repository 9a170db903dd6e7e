"""Build of the compiled core (the extension modules of ``reversis._core``, Cython, one for each
``.pyx`` there); the metadata is in pyproject.toml.

The core is optional and whole: where Cython or a C compiler is missing, or the compiler fails on
any of its modules, one line says so (naming the module), no module of the core is installed, and
the pure-Python library is installed (the reference engine, which the core is checked
against). ``REVERSIS_PURE_PYTHON=1`` at build time skips the core. ``REVERSIS_CORE_CFLAGS`` adds
compiler flags (the sanitizer build, ``benchmarks/core_sanitizer.sh``, passes
``-fsanitize=address,undefined``); ``REVERSIS_LIMITED_API=1`` builds against Python's Limited API
(an abi3 extension, for trials).

In a git checkout, the sdist holds only the files git tracks: MANIFEST.in's patterns (and
setuptools' own defaults, such as ``tests/test*.py`` and every module of the package) would also
take in what merely lies in the tree, an untracked scratch file or a stray virtual environment.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
import sysconfig
import tempfile

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py
from setuptools.command.egg_info import egg_info, manifest_maker

CORE_DIR = os.path.join("src", "reversis", "_core")


def core_modules() -> list[tuple[str, str]]:
    """The core's extension modules: (module name, source), one for each ``.pyx`` of the core."""
    names = sorted(n for n in os.listdir(CORE_DIR) if n.endswith(".pyx"))
    return [(f"reversis._core.{n[:-4]}", os.path.join(CORE_DIR, n)) for n in names]


class CoreBuildError(Exception):
    """A module of the core that the compiler could not build."""


def _say(text: str) -> None:
    print(f"reversis: {text}", file=sys.stderr, flush=True)


class OptionalBuildExt(build_ext):
    """``build_ext`` that installs the pure-Python library when the core cannot be compiled."""

    def run(self) -> None:
        """Build the core's modules; on any failure of the compiler, say so, remove the modules
        already built (the core is installed whole or not at all) and go on without. A build in
        place (``--inplace``, ``pip install -e``) first removes an extension module ``core`` that an
        older version's build left beside the sources: the core was one extension then, and it
        would hide ``core.py``, which gathers the modules now."""
        if self.inplace or getattr(self, "editable_mode", False):
            for name in os.listdir(CORE_DIR):
                if name.startswith("core.") and name.endswith((".so", ".pyd")):
                    os.remove(os.path.join(CORE_DIR, name))
        try:
            super().run()
        except Exception as error:
            self._remove_built()
            self._fallback(error)

    def build_extension(self, ext: Extension) -> None:
        """Build ``ext``; a failure stops the build of the core, naming the module."""
        try:
            super().build_extension(ext)
        except Exception as error:
            raise CoreBuildError(f"{ext.name}: {error}") from error

    def _remove_built(self) -> None:
        for ext in self.extensions:
            path = self.get_ext_fullpath(ext.name)
            if os.path.exists(path):
                os.remove(path)
        remove_binaries(self.build_lib)

    @staticmethod
    def _fallback(error: BaseException) -> None:
        if os.environ.get("REVERSIS_REQUIRE_CORE") == "1":
            raise error
        first = str(error).strip().splitlines()[:1] or [type(error).__name__]
        _say(
            f"the compiled core could not be built ({first[0][:300]}); installing the pure-Python "
            "engine (same rules, slower)"
        )


def remove_binaries(build_lib: str) -> None:
    """Remove the core's extension modules from ``build_lib``: a build of the pure-Python library
    in a checkout where an earlier ``pip install .`` built the core finds them in ``build/lib…``
    and would install them (a wheel of "pure Python" holding the compiled core)."""
    folder = os.path.join(build_lib, "reversis", "_core")
    if os.path.isdir(folder):
        for name in os.listdir(folder):
            if name.endswith((".so", ".pyd")):
                os.remove(os.path.join(folder, name))


class PurePy(build_py):
    """``build_py`` that, where the core is not built, leaves no extension module of an earlier
    build in the build folder."""

    def run(self) -> None:
        """Copy the package; without the core, remove what an earlier build left."""
        super().run()
        if not self.distribution.ext_modules:
            remove_binaries(self.build_lib)


def compiler_works() -> str | None:
    """``None`` where the C compiler (``CC``, or the one Python was built with) compiles a small C
    file, else why not: checked before the build, so that an install without a compiler is a
    pure-Python wheel, tagged as one, from the start (Windows' compiler is found by setuptools
    itself: not probed here)."""
    if os.name == "nt":
        return None
    command = shlex.split(os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc")
    with tempfile.TemporaryDirectory() as folder:
        source = os.path.join(folder, "probe.c")
        with open(source, "w", encoding="utf-8") as file:
            file.write("int reversis_probe(void) { return 0; }\n")
        try:
            done = subprocess.run(
                [*command, "-c", source, "-o", os.path.join(folder, "probe.o")],
                capture_output=True,
                text=True,
                check=False,
                timeout=120,
            )
        except (OSError, subprocess.SubprocessError) as error:
            return f"{command[0]}: {error}"[:200]
    if done.returncode != 0:
        said = " ".join((done.stderr or done.stdout).split())[:160]
        return f"{' '.join(command)} exited with {done.returncode}" + (f": {said}" if said else "")
    return None


def tracked_files() -> set[str] | None:
    """The files git tracks here, or None outside a git checkout whose root is this folder."""
    here = os.path.dirname(os.path.abspath(__file__))
    try:
        top = subprocess.run(
            ["git", "-C", here, "rev-parse", "--show-toplevel"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        if os.path.realpath(top) != os.path.realpath(here):
            return None  # an unpacked sdist inside another repository: MANIFEST.in alone
        listing = subprocess.run(
            ["git", "-C", here, "ls-files", "-z"], capture_output=True, text=True, check=True
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    return {os.path.normpath(name) for name in listing.split("\0") if name}


class TrackedManifest(manifest_maker):
    """The sdist's file list (SOURCES.txt) less every file git does not track."""

    def prune_file_list(self) -> None:
        """Prune as setuptools does, then keep only tracked files and the metadata."""
        super().prune_file_list()
        tracked = tracked_files()
        if tracked is None:
            return
        metadata = os.path.normpath(self.distribution.get_name() + ".egg-info")
        self.filelist.files = [
            name
            for name in self.filelist.files
            if os.path.normpath(name) in tracked or metadata in os.path.normpath(name).split(os.sep)
        ]


class EggInfo(egg_info):
    """``egg_info`` whose manifest is ``TrackedManifest``."""

    def find_sources(self) -> None:
        """Write SOURCES.txt from the tracked files (as egg_info.find_sources does otherwise)."""
        mm = TrackedManifest(self.distribution)
        mm.ignore_egg_info_dir = self.ignore_egg_info_in_manifest
        mm.manifest = os.path.join(self.egg_info, "SOURCES.txt")
        mm.run()
        self.filelist = mm.filelist


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
    broken = compiler_works()
    if broken is not None:
        if os.environ.get("REVERSIS_REQUIRE_CORE") == "1":
            raise RuntimeError(f"no working C compiler: {broken}")
        _say(
            f"no working C compiler ({broken}): installing the pure-Python engine, without the "
            "compiled core (same rules, slower; `python -m reversis --version` says which engine)"
        )
        return []
    flags = os.environ.get("REVERSIS_CORE_CFLAGS", "").split()
    macros: list[tuple[str, str | None]] = []
    limited = os.environ.get("REVERSIS_LIMITED_API") == "1"
    if limited:
        macros.append(("Py_LIMITED_API", "0x030B0000"))
    core = [
        Extension(
            name,
            [source],
            extra_compile_args=["-O2", *flags] if os.name != "nt" else [],
            extra_link_args=[f for f in flags if f.startswith("-fsanitize")],
            define_macros=macros,
            py_limited_api=limited,
        )
        for name, source in core_modules()
    ]
    try:
        return list(
            cythonize(
                core,
                include_path=["src"],
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
    cmdclass={"build_ext": OptionalBuildExt, "build_py": PurePy, "egg_info": EggInfo},
    options={"bdist_wheel": {"py_limited_api": "cp311"}} if limited else {},
)
