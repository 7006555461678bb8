"""The search stepper: a traced search, drawn by its trace kind, steps with or without a kernel."""

from __future__ import annotations

import pytest

from coursekit.draw.mcts import mcts_caption
from coursekit.draw.trees import search_caption
from coursekit.errors import CoursekitError
from coursekit.games import TicTacToe
from coursekit.games.chancetree import ChanceTree
from coursekit.search import expectiminimax, mcts, minimax
from coursekit.widgets import SearchStepper

GAME = TicTacToe()
POSITION = GAME.parse("XO. / .X. / O..")


def test_an_mcts_run_steps_four_times_per_iteration():
    r = mcts(GAME, POSITION, playouts=9, seed=2, trace=True)
    stepper = SearchStepper(r, step=0)
    assert stepper.step.max == 36
    stepper.forward.click()
    stepper.forward.click()
    assert stepper.picture.step == 2
    assert stepper.caption.value == mcts_caption(r, 2).replace("&", "&amp;")
    assert "expansion" in stepper.caption.value
    stepper.last.click()
    assert "Done: the most visited move is" in stepper.caption.value
    # every step is in the page already: the slider is linked to the picture there
    assert stepper.picture.steps["count"] == 36


def test_an_expectiminimax_run_steps_through_its_events():
    tree = ChanceTree.from_nested([((0.9, 2), (0.1, 3)), ((0.9, 1), (0.1, 4))])
    r = expectiminimax(tree, trace=True)
    stepper = SearchStepper(r)
    assert stepper.step.max == len(r.trace)
    stepper.first.click()
    assert stepper.caption.value == search_caption(r, 0)
    stepper.last.click()
    assert stepper.picture.source.count("label=0.9") == 2


def test_a_search_without_a_trace_is_refused():
    with pytest.raises(CoursekitError, match="trace=True"):
        SearchStepper(minimax(GAME, POSITION))
    with pytest.raises(CoursekitError, match="trace=True"):
        SearchStepper("not a result")
