"""Collection for the whole repository: the doctests of the optional adapters (and of
``reversis.vector``) run only where their extra is installed
(``pip install -e ".[openspiel,pettingzoo]"``; ``.ci/run`` installs both)."""

from __future__ import annotations

import importlib.util

#: The adapters' modules (a file or a package's directory) and the package each needs.
_OPTIONAL = {
    "src/reversis/openspiel": "pyspiel",
    "src/reversis/pettingzoo": "pettingzoo",
    # reversis.vector and its page: NumPy and Gymnasium (the pettingzoo or learn extra)
    "src/reversis/vector": "gymnasium",
    "docs/vector.rst": "gymnasium",
    # the learned bots' module: NumPy (the learn extra)
    "src/reversis/bots/learned.py": "numpy",
    # "Using reversis with …": a section per tool, each where its tool is installed
    "docs/using/pettingzoo.rst": "pettingzoo",
    "docs/using/gymnasium.rst": "gymnasium",
    "docs/using/vector.rst": "gymnasium",
    "docs/using/openspiel.rst": "pyspiel",
    "docs/using/sb3.rst": "sb3_contrib",
    "docs/using/dask.rst": "distributed",
}

collect_ignore = [
    path for path, needed in _OPTIONAL.items() if importlib.util.find_spec(needed) is None
]
