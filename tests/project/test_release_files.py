"""The files a release needs (issue 28): the GitHub workflows test every Python the package claims on
Linux, macOS and Windows, build the wheels with cibuildwheel and publish on a tag with trusted
publishing; they and ``.readthedocs.yaml`` are valid against their schemas (check-jsonschema's own
copies, the ``release`` extra: skipped without it unless ``REVERSIS_REQUIRE_PACKAGING=1``)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib

import pytest

from helpers import ROOT

WORKFLOWS = ROOT / ".github" / "workflows"


def _claimed() -> list[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return [
        c.rsplit(" ", 1)[1]
        for c in project["classifiers"]
        if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)
    ]


def test_the_tests_run_on_every_claimed_python_and_platform() -> None:
    text = (WORKFLOWS / "tests.yml").read_text(encoding="utf-8")
    assert _claimed() == ["3.11", "3.12", "3.13"]
    pythons = re.search(r"python: \[(.*)\]", text)
    assert pythons is not None
    assert [p.strip().strip('"') for p in pythons.group(1).split(",")] == _claimed()
    assert "os: [ubuntu-latest, macos-latest, windows-latest]" in text
    assert 'REVERSIS_REQUIRE_CORE: "1"' in text
    assert "REVERSIS_ENGINE: python" in text


def test_the_release_builds_wheels_and_publishes_on_a_tag_with_trusted_publishing() -> None:
    text = (WORKFLOWS / "release.yml").read_text(encoding="utf-8")
    assert "uses: pypa/cibuildwheel@" in text
    assert 'tags: ["v*"]' in text
    assert "startsWith(github.ref, 'refs/tags/v')" in text
    assert "id-token: write" in text
    assert "uses: pypa/gh-action-pypi-publish@release/v1" in text
    assert "password" not in text  # no token: trusted publishing
    assert "PYPI_API_TOKEN" not in text
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    builds = project["tool"]["cibuildwheel"]["build"]
    assert builds == [f"cp{p.replace('.', '')}-*" for p in _claimed()]


def test_read_the_docs_builds_the_docs_with_warnings_as_errors() -> None:
    text = (ROOT / ".readthedocs.yaml").read_text(encoding="utf-8")
    assert "configuration: docs/conf.py" in text
    assert "fail_on_warning: true" in text
    assert "- docs" in text


@pytest.mark.parametrize(
    ("schema", "pattern"),
    [
        ("vendor.github-workflows", ".github/workflows/*.yml"),
        ("vendor.readthedocs", ".readthedocs.yaml"),
    ],
)
def test_the_files_are_valid_against_their_schemas(schema: str, pattern: str) -> None:
    # the tool installed beside this Python (its venv need not be on PATH), else on PATH
    tool = shutil.which("check-jsonschema", path=os.path.dirname(sys.executable)) or shutil.which(
        "check-jsonschema"
    )
    if tool is None:
        if os.environ.get("REVERSIS_REQUIRE_PACKAGING") == "1":
            pytest.fail("REVERSIS_REQUIRE_PACKAGING=1 but check-jsonschema is not installed")
        pytest.skip("check-jsonschema is not installed (pip install -e '.[release]')")
    files = sorted(str(p) for p in ROOT.glob(pattern))
    assert files
    done = subprocess.run(
        [tool, "--builtin-schema", schema, *files], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
