"""The fixture exercise set, and the helpers module on the import path of these tests."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))  # for `import exercise_helpers`

from exercise_helpers import FIXTURE

from coursekit.tools.notebooks.exercise import ExerciseSet, load_exercise_set


@pytest.fixture(scope="session")
def fixture_set() -> ExerciseSet:
    return load_exercise_set(FIXTURE)
