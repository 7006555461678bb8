"""MCTS step-throughs: what each of an iteration's four steps shows, read from the trace."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.draw.mcts import (
    BACKUP_COLOUR,
    NEW_FILL,
    PATH_COLOUR,
    draw_mcts,
    mcts_caption,
    mcts_step_count,
    mcts_step_through,
)
from coursekit.games import ConnectFour, TicTacToe
from coursekit.search import mcts, minimax
from coursekit.text import number_text

GAME = TicTacToe()
POSITION = GAME.parse("XO. / .X. / O..")


def search(playouts=12, seed=1, game=GAME, state=POSITION):
    return mcts(game, state, playouts=playouts, seed=seed, trace=True)


def labels(picture):
    """Node name → label, and (parent, child) → edge label, from the DOT source."""
    nodes = dict(re.findall(r"^\s*(n\d+) \[label=\"?([^\" ]*)\"?", picture.source, re.M))
    edges = {
        (a, b): label
        for a, b, label in re.findall(
            r"(n\d+) -> (n\d+) \[label=\"?([^\"\]]*?)\"? ", picture.source
        )
    }
    return nodes, edges


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), playouts=st.integers(1, 25))
def test_back_propagation_shows_every_nodes_counts(seed, playouts):
    r = search(playouts, seed)
    for i in (1, playouts):
        counts = r.trace.counts(i)
        nodes, _ = labels(draw_mcts(r, 4 * i))
        assert len(nodes) == len(counts)
        shown = sorted(nodes.values())
        expected = sorted(
            number_text(c.visits) if not path else f"{number_text(c.wins)}/{c.visits}"
            for path, c in counts.items()
        )
        assert shown == expected


def test_selection_writes_the_ucb_of_every_child_it_compared():
    r = search(30)
    for i, it in enumerate(r.trace):
        if not it.choices:
            continue
        source = draw_mcts(r, 4 * i + 1).source
        for scores in it.choices:
            for score in scores:
                assert f"UCB {score.ucb:.2f}" in source
        assert f'color="{PATH_COLOUR}"' in source
        best = max(it.choices[0], key=lambda s: s.ucb)
        assert best.move == it.selected[0]  # the picture's path follows the largest UCB1


def test_expansion_adds_the_new_node_and_back_propagation_colours_the_path():
    r = search(8)
    it = r.trace[5]
    before = labels(draw_mcts(r, 4 * 5 + 1))[0]
    expanded = labels(draw_mcts(r, 4 * 5 + 2))[0]
    assert len(expanded) == len(before) + (it.expanded is not None)
    assert f'fillcolor="{NEW_FILL}"' in draw_mcts(r, 4 * 5 + 2).source
    backed = draw_mcts(r, 4 * 6).source
    assert backed.count(f'color="{BACKUP_COLOUR}"') >= len(it.started) + 1


def test_captions_name_the_four_steps_in_order():
    r = search(3)
    phases = [mcts_caption(r, k).split(" — ")[1].split(":")[0] for k in range(1, 13)]
    assert phases == ["1 selection", "2 expansion", "3 simulation", "4 back-propagation"] * 3
    it = r.trace[0]
    assert " ".join(map(str, it.playout)) in mcts_caption(r, 3)


def test_the_step_through_keeps_node_names_and_steps_every_picture():
    r = search(20, seed=4)
    layout, through = mcts_step_through(r)
    assert through.count == mcts_step_count(r) - 1 == 80
    for k in (0, 7, 41, 80):
        assert set(labels(draw_mcts(r, k))[0]) <= set(labels(layout)[0])
    assert through.captions[5] == mcts_caption(r, 5)


def test_connect_four_draws_too():
    game = ConnectFour()
    r = search(10, game=game, state=game.initial)
    assert len(labels(draw_mcts(r))[0]) == r.stats.nodes


def test_a_result_without_an_mcts_trace_is_refused():
    with pytest.raises(ValueError, match="MCTS result made with trace=True"):
        draw_mcts(minimax(GAME, POSITION, trace=True))
    with pytest.raises(ValueError, match="iterations"):
        draw_mcts(search(150))


def test_the_captions_speak_chinese():
    from coursekit.text import set_language

    game = TicTacToe()
    r = mcts(game, game.parse("XO. / .X. / O.."), playouts=3, seed=1, trace=True)
    english = [mcts_caption(r, k) for k in range(13)]
    set_language("zh")
    try:
        chinese = [mcts_caption(r, k) for k in range(13)]
    finally:
        set_language(None)
    assert chinese[0].startswith("蒙特卡洛树搜索（UCT）：3 次迭代")
    assert [c.split("— ")[1].split("：")[0] for c in chinese[1:5]] == [
        "1 选择",
        "2 扩展",
        "3 模拟",
        "4 反向传播",
    ]
    assert "结束：访问次数最多的走步是" in chinese[12]
    assert all(not re.search(r"[a-z]{3,} [a-z]{3,}", c) for c in chinese), chinese
    assert english == [mcts_caption(r, k) for k in range(13)]  # English again afterwards
