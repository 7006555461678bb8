"""The exercise conventions are enforced, and releasing does exactly what it promises."""

from __future__ import annotations

import copy
import json
import re

import nbformat
import pytest
from exercise_helpers import FIXTURE, FIXTURE_ANSWERS, FIXTURE_PARTS, cell
from hypothesis import given
from hypothesis import strategies as st

from coursekit.tools.notebooks.exercise import (
    BEGIN,
    END,
    STUB,
    ExerciseFormatError,
    load_exercise_set,
    notebook_text,
    release_source,
    released_notebook,
    source_digest,
    validate,
)


def test_the_fixture_set_reads_as_four_parts_and_four_answers(fixture_set):
    assert [p.cell_id for p in fixture_set.parts] == list(FIXTURE_PARTS)
    assert [p.points for p in fixture_set.parts] == [pts for _, pts in FIXTURE_PARTS.values()]
    assert [a.cell_id for a in fixture_set.answers] == FIXTURE_ANSWERS
    assert fixture_set.max_points == 6.5


# ------------------------------------------------------------- broken notebooks


def _broken(change):
    nb = nbformat.read(FIXTURE, as_version=4)
    change(nb)
    return nb


def _set_source(cell_id, source):
    return lambda nb: setattr(cell(nb, cell_id), "source", source)


def _set_points(cell_id, points):
    return lambda nb: cell(nb, cell_id).metadata["coursekit"].__setitem__("points", points)


def _untag(cell_id):
    return lambda nb: cell(nb, cell_id).metadata.pop("tags")


def _tag(cell_id, tag):
    return lambda nb: cell(nb, cell_id).metadata.setdefault("tags", []).append(tag)


def _same_id(nb):
    cell(nb, "p2")["id"] = "p1"


def _no_graded_cells(nb):
    nb.cells = [c for c in nb.cells if "check" not in c.metadata.get("tags", [])]


def _points_on_plain_cell(nb):
    cell(nb, "setup").metadata["coursekit"] = {"points": 1}


BROKEN = {
    "unclosed region": (
        _set_source("a1", f"x = None\n{BEGIN}\nx = 1"),
        r"cell 5 \(id 'a1'\): line 2: ### BEGIN SOLUTION is never closed",
    ),
    "end without begin": (
        _set_source("a1", f"x = 1\n{END}"),
        r"cell 5 \(id 'a1'\): line 2: ### END SOLUTION without",
    ),
    "nested regions": (
        _set_source("a1", f"{BEGIN}\n{BEGIN}\nx = 1\n{END}\n{END}"),
        r"cell 5 \(id 'a1'\): line 2: ### BEGIN SOLUTION inside the region opened on line 1",
    ),
    "answer cell without a region": (
        _set_source("a1", "x = 1"),
        r"cell 5 \(id 'a1'\): tagged 'solution' but has no",
    ),
    "region outside an answer cell": (
        _set_source("setup", f"{BEGIN}\nx = 1\n{END}"),
        r"cell 2 \(id 'setup'\): a solution region outside a code cell tagged 'solution'",
    ),
    "region in markdown": (
        _set_source("q1", f"{BEGIN}\nx = 1\n{END}"),
        r"cell 4 \(id 'q1'\): a solution region outside",
    ),
    "region in a graded cell": (
        _set_source("p1", f"{BEGIN}\nx = 1\n{END}\nch00.check_leaf_count(3, 2, x)"),
        r"cell 6 \(id 'p1'\): a graded cell cannot hold a solution region",
    ),
    "graded cell without points": (
        lambda nb: cell(nb, "p2").metadata.pop("coursekit"),
        r"cell 10 \(id 'p2'\): a graded cell needs its points",
    ),
    "zero points": (_set_points("p2", 0), r"cell 10 .*points must be a positive number, not 0"),
    "points as text": (_set_points("p2", "2"), r"cell 10 .*positive number, not '2'"),
    "points as a flag": (_set_points("p2", True), r"cell 10 .*positive number, not True"),
    "points on a plain cell": (_points_on_plain_cell, r"cell 2 .*has points but is not tagged"),
    "both tags": (_tag("a1", "check"), r"cell 5 .*tagged both 'solution' and 'check'"),
    "tagged markdown": (_tag("q1", "solution"), r"cell 4 .*a markdown cell cannot be tagged"),
    "duplicate ids": (_same_id, r"cells 6 and 10 share the id 'p1'"),
    "no graded cell": (_no_graded_cells, r"no graded cell"),
    "stub would not parse": (
        _set_source("a2", f"def f():\n{BEGIN}\n    return 1\n{END}"),
        r"cell 8 \(id 'a2'\): once released, line 2 is not valid Python",
    ),
}


@pytest.mark.parametrize("case", list(BROKEN))
def test_a_broken_convention_is_reported_with_notebook_and_cell(case, tmp_path):
    change, message = BROKEN[case]
    path = tmp_path / "91_fixture.ipynb"
    path.write_text(json.dumps(_broken(change)))  # as it is: nbformat.write would fix ids
    with pytest.raises(ExerciseFormatError, match=r"^91_fixture\.ipynb(, | ?: ?|: )") as error:
        load_exercise_set(path)
    assert re.search(message, str(error.value)), str(error.value)


def test_a_notebook_without_cell_ids_is_refused(tmp_path):
    raw = json.loads(FIXTURE.read_text())
    raw["nbformat_minor"] = 4
    for entry in raw["cells"]:
        del entry["id"]
    path = tmp_path / "91_fixture.ipynb"
    path.write_text(json.dumps(raw))
    with pytest.raises(ExerciseFormatError, match=r"cell 1: no cell id"):
        load_exercise_set(path)


@pytest.mark.parametrize("name", ["fixture.ipynb", "1_x.ipynb", "01-Topic.ipynb"])
def test_an_exercise_set_is_named_nn_topic(name, tmp_path):
    (tmp_path / name).write_text(FIXTURE.read_text())
    with pytest.raises(ExerciseFormatError, match="named NN_topic"):
        load_exercise_set(tmp_path / name)


def test_a_corrupt_solution_file_is_reported(tmp_path):
    (tmp_path / "91_fixture.ipynb").write_text('{"cells": [')
    corrupt = r"91_fixture\.ipynb: not a notebook: corrupt JSON"
    with pytest.raises(ExerciseFormatError, match=corrupt):
        load_exercise_set(tmp_path / "91_fixture.ipynb")


def test_validate_accepts_the_fixture_as_it_is(fixture_set):
    answers, parts = validate(FIXTURE, fixture_set.notebook)
    assert len(answers) == 4 and len(parts) == 4


# ------------------------------------------------------------------ release_source

INDENTS = st.sampled_from(["", "    ", "        ", "\t"])
PLAIN = st.from_regex(r"[a-z][a-z0-9_ =+()]{0,20}", fullmatch=True)
BLOCKS = st.lists(
    st.one_of(
        st.tuples(st.just("plain"), PLAIN),
        st.tuples(st.just("region"), INDENTS, st.lists(PLAIN, max_size=3)),
    ),
    max_size=8,
)


def _source(blocks) -> str:
    lines = []
    for block in blocks:
        if block[0] == "plain":
            lines.append(block[1])
        else:
            _, indent, body = block
            lines += [indent + BEGIN] + [indent + "SECRET " + line for line in body]
            lines.append(indent + END)
    return "\n".join(lines)


@given(BLOCKS)
def test_release_keeps_every_line_outside_regions_and_one_indented_stub_per_region(blocks):
    expected = [
        block[1] if block[0] == "plain" else block[1] + STUB for block in blocks
    ]  # built from the blocks, not from the code under test
    released = release_source(_source(blocks))
    assert released.splitlines() == expected
    assert "SECRET" not in released and BEGIN not in released


def test_release_keeps_a_function_body_valid_python():
    source = f"def f(x):\n    '''Doc.'''\n    {BEGIN}\n    return x\n    {END}\n"
    released = release_source(source)
    assert released == f"def f(x):\n    '''Doc.'''\n    {STUB}"
    compile(released, "<released>", "exec")


# ------------------------------------------------------------------ the released notebook


def test_released_notebook_changes_only_answers_outputs_and_metadata(fixture_set):
    solution = fixture_set.notebook
    released = released_notebook(fixture_set)
    assert [c.id for c in released.cells] == [c.id for c in solution.cells]
    graded_or_answer = set(FIXTURE_PARTS) | set(FIXTURE_ANSWERS)
    for before, after in zip(solution.cells, released.cells, strict=True):
        if before.id not in graded_or_answer:
            assert after == before  # markdown, set-up and demo cells: untouched, outputs too
            continue
        assert after.outputs == [] and after.execution_count is None
        assert "execution" not in after.metadata
        if before.id in FIXTURE_ANSWERS:
            assert STUB in after.source and BEGIN not in after.source
        else:
            assert after.source == before.source
            assert after.metadata["coursekit"]["released"] == source_digest(before.source)
            assert after.metadata["coursekit"]["points"] == before.metadata["coursekit"]["points"]
        # "Run All" in JupyterLab goes on past an unanswered or failed part
        assert after.metadata["tags"] == [*before.metadata.get("tags", []), "raises-exception"]
    assert released.metadata["coursekit"] == {"exercise": "91_fixture"}
    assert released.metadata["kernelspec"] == solution.metadata["kernelspec"]
    assert any(c.get("outputs") for c in solution.cells if c.id in graded_or_answer)


def test_release_is_deterministic_and_leaves_the_solution_alone(fixture_set):
    before = copy.deepcopy(fixture_set.notebook)
    first = notebook_text(released_notebook(fixture_set))
    assert notebook_text(released_notebook(load_exercise_set(FIXTURE))) == first
    assert fixture_set.notebook == before


@given(st.text(alphabet="ab =\n", max_size=30), st.text(alphabet="ab=", min_size=1, max_size=5))
def test_digest_ignores_trailing_blanks_but_not_code(source, extra):
    assert source_digest(source + "  \n\n") == source_digest(source.rstrip() + "\n")
    assert source_digest(source.rstrip() + extra) != source_digest(source.rstrip())
