"""The checks of exercise set 02: right answers pass, wrong ones get a useful hint."""

from __future__ import annotations

import math

import pytest

from coursekit.andor import AndOrGraph, Connector, optimal_costs, optimal_solution_graph, revise
from coursekit.andor.examples import EXERCISE_1, EXERCISE_2, exercise_1
from coursekit.andor.generate import random_graph
from coursekit.checks import ch02
from coursekit.checks.common import SUCCESS_LINE

# Worked by hand (see tests/andor/test_aostar.py for the steps).
Q_1 = [
    {"n0": 8, "n1": 2, "n2": 4, "n3": 4},
    {"n0": 10, "n1": 4, "n2": 4, "n3": 4, "n4": 3},
    {"n0": 10, "n1": 5, "n2": 4, "n3": 4, "n4": 5},
    {"n0": 7, "n1": 3, "n2": 2, "n3": 4, "n4": 3, "n6": 0, "n7": 0},
]
Q_2 = [
    {6: 8, 3: 3, 4: 4, 2: 2},
    {6: 8, 3: 4, 4: 4, 2: 2, 1: 0},
    {6: 10, 3: 4, 4: 6, 2: 2, 1: 0},
    {6: 10, 3: 4, 4: 6, 2: 2, 1: 0},
]


EXERCISE_1_GRAPH = exercise_1()


def passes(check, *args, capsys):
    check(*args)
    assert capsys.readouterr().out.strip() == SUCCESS_LINE


def hint(check, *args) -> str:
    with pytest.raises(AssertionError) as caught:
        check(*args)
    return str(caught.value)


def test_right_answers_pass(capsys):
    passes(ch02.check_exercise_1_graph, AndOrGraph.from_rules(EXERCISE_1), capsys=capsys)
    passes(ch02.check_exercise_2_graph, AndOrGraph.from_rules(EXERCISE_2), capsys=capsys)
    passes(ch02.check_exercise_1_cycles, Q_1, capsys=capsys)
    passes(ch02.check_exercise_2_cycles, Q_2, capsys=capsys)
    passes(ch02.check_exercise_1_solution, ["R1", "R3", "R5"], 7, capsys=capsys)
    passes(
        ch02.check_exercise_2_solution, ["6 -> 3, 3", "3 → 2, 1", "2 -> 1, 1"], 10, capsys=capsys
    )
    passes(ch02.check_revise, revise, capsys=capsys)


def test_every_optimal_solution_graph_is_accepted(capsys):
    # exercise 1 has two solution graphs of cost 7
    passes(ch02.check_exercise_1_solution, ["R2", "R5", "R6", "R8"], 7, capsys=capsys)
    # exercise 2: 6 → 4, 2 with 4 → 2, 2 also costs 10
    passes(
        ch02.check_exercise_2_solution, ["6 -> 4, 2", "4 -> 2, 2", "2 -> 1, 1"], 10, capsys=capsys
    )


def test_a_rule_text_without_names_is_the_same_graph(capsys):
    unnamed = "\n".join(
        line.split(": ", 1)[-1] if line.startswith("R") else line
        for line in EXERCISE_1.splitlines()
    )
    passes(ch02.check_exercise_1_graph, AndOrGraph.from_rules(unnamed), capsys=capsys)


@pytest.mark.parametrize(
    "check",
    [
        ch02.check_exercise_1_graph,
        ch02.check_exercise_1_cycles,
        ch02.check_exercise_2_graph,
        ch02.check_exercise_2_cycles,
        ch02.check_revise,
    ],
)
def test_no_answer_yet(check):
    assert "no answer yet" in hint(check, None)


def test_no_answer_yet_for_solutions():
    assert "no answer yet" in hint(ch02.check_exercise_1_solution, None, None)
    assert "no answer yet" in hint(ch02.check_exercise_2_solution, ["6 -> 3, 3"], None)


def test_a_function_still_raising_not_implemented():
    def unwritten(connectors, q, solved):
        raise NotImplementedError  # your code here

    assert "NotImplementedError" in hint(ch02.check_revise, unwritten)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda t: t.replace("R8: n5 -> n7\n", ""), "n5 has 0 connector"),
        (
            lambda t: t.replace("R5: n2 -> n6, n7", "R5: n2 -> n6, n7 cost 3"),
            "wrong successors or cost",
        ),
        (
            lambda t: t.replace("R2: n0 -> n2, n3", "R2: n0 -> n2\nR9: n0 -> n3"),
            "n0 has 3 connector",
        ),
        (lambda t: t.replace("terminals: n6, n7", "terminals: n7"), "terminal set"),
        (lambda t: t.replace("n4=3", "n4=1"), "h(n4)"),
        (lambda t: t + "R9: n7 -> n8\n", "node n8 that the rules do not mention"),
    ],
)
def test_a_wrong_graph_gets_a_hint(change, words):
    assert words in hint(ch02.check_exercise_1_graph, AndOrGraph.from_rules(change(EXERCISE_1)))


def test_a_graph_of_the_wrong_type():
    assert "AndOrGraph" in hint(ch02.check_exercise_1_graph, EXERCISE_1)


def test_wrong_q_values_get_a_hint_without_the_right_value():
    wrong = [dict(q) for q in Q_1]
    wrong[1]["n0"] = 11  # breaking the tie of cycle 2 the other way is not the convention…
    message = hint(ch02.check_exercise_1_cycles, wrong)
    assert "After cycle 2, q(n0) is not right" in message and "10" not in message
    # counting the repeated successor of 6 → 3, 3 once
    wrong = [dict(q) for q in Q_2]
    wrong[0][6] = 5
    assert "After cycle 1, q(6)" in hint(ch02.check_exercise_2_cycles, wrong)


# After cycle 3, G′ is n0 → n2, n3 (R2) with two non-terminal leaves: the course's procedure
# may expand either. Worked by hand: expanding n3 first, then n5 or n2.
Q_1_N3 = {"n0": 9, "n1": 5, "n2": 4, "n3": 3, "n4": 5, "n5": 1, "n6": 0}
Q_1_N3_N5 = [
    *Q_1[:3],
    Q_1_N3,
    {"n0": 9, "n1": 5, "n2": 4, "n3": 3, "n4": 5, "n5": 1, "n6": 0, "n7": 0},
    {"n0": 7, "n1": 3, "n2": 2, "n3": 3, "n4": 3, "n5": 1, "n6": 0, "n7": 0},
]
Q_1_N3_N2 = [
    *Q_1[:3],
    Q_1_N3,
    {"n0": 7, "n1": 3, "n2": 2, "n3": 3, "n4": 3, "n5": 1, "n6": 0, "n7": 0},
]


@pytest.mark.parametrize("trace", [Q_1, Q_1_N3_N5, Q_1_N3_N2], ids=["n2", "n3-n5", "n3-n2"])
def test_every_legal_choice_of_leaf_is_accepted(trace, capsys):
    passes(ch02.check_exercise_1_cycles, trace, capsys=capsys)


def test_the_other_leaf_is_not_finished_after_cycle_4():
    message = hint(ch02.check_exercise_1_cycles, [*Q_1[:3], Q_1_N3])
    assert "not finished" in message and "cycle 4" in message


def test_a_leaf_outside_g_prime_is_refused():
    # After cycle 2, n0's marked connector is R1 (a tie with R2, listed first): n3 is in G but
    # not in G′, and expanding it is not a step of AO*.
    outside = {"n0": 10, "n1": 4, "n2": 4, "n3": 3, "n4": 3, "n5": 1, "n6": 0}
    message = hint(ch02.check_exercise_1_cycles, [*Q_1[:2], outside])
    assert "After cycle 3, n5 is not in the explicit graph G" in message and "G′" in message


def test_legal_leaves_are_the_unexpanded_unsolved_nodes_of_g_prime():
    search = ch02._replay(EXERCISE_1_GRAPH, ["n0", "n1", "n4"])
    assert ch02.legal_leaves(search) == ["n2", "n3"]
    assert search.choose_leaf() in ch02.legal_leaves(search)


def test_too_few_or_too_many_cycles_and_wrong_nodes():
    assert "not finished" in hint(ch02.check_exercise_1_cycles, Q_1[:3])
    assert "stops earlier" in hint(ch02.check_exercise_1_cycles, [*Q_1, Q_1[-1]])
    early = [dict(q) for q in Q_1]
    early[0]["n4"] = 3
    assert "n4 is not in the explicit graph G yet" in hint(ch02.check_exercise_1_cycles, early)
    missing = [dict(q) for q in Q_1]
    del missing[3]["n6"]
    assert "missing" in hint(ch02.check_exercise_1_cycles, missing)
    assert "dictionary" in hint(ch02.check_exercise_1_cycles, "8, 10, 10, 7")
    assert "should be a number" in hint(
        ch02.check_exercise_1_cycles, [{**Q_1[0], "n0": "8"}, *Q_1[1:]]
    )


@pytest.mark.parametrize(
    ("connectors", "cost", "words"),
    [
        (["R1", "R4", "R7", "R5"], 8, "not the cheapest"),
        (["R1", "R3"], 7, "leaf n2 is not a terminal node"),
        (["R1", "R2", "R3", "R5"], 7, "more than one connector"),
        (["R1", "R3", "R5", "R6"], 7, "cannot be reached"),
        (["R1", "R3", "R5"], 5, "not the cost k(n, N)"),
        (["R1", "R3", "R5"], "7", "should be a number"),
        (["n0 -> n9"], 7, "not a connector of the exercise"),
        (["R42"], 7, "neither a rule name nor a connector"),
        ([], 0, "no connector"),
    ],
)
def test_wrong_solution_graphs_get_a_hint(connectors, cost, words):
    message = hint(ch02.check_exercise_1_solution, connectors, cost)
    assert words in message


def test_solution_graphs_may_be_given_as_connectors():
    graph = AndOrGraph.from_rules(EXERCISE_1)
    chosen = [c for c in graph.connectors if c.name in {"R1", "R3", "R5"}]
    ch02.check_exercise_1_solution(chosen, 7)
    foreign = Connector("n0", ("n7",))
    assert "not a connector" in hint(ch02.check_exercise_1_solution, [foreign], 1)


# -------------------------------------------------- wrong cost revisions
def once_per_successor(connectors, q, solved):
    best = (math.inf, None, False)
    for c in connectors:
        cost = c.cost + sum(q[n] for n in set(c.successors))
        if cost < best[0]:
            best = (cost, c, all(n in solved for n in c.successors))
    return best


def last_on_ties(connectors, q, solved):
    best = (math.inf, None, False)
    for c in connectors:
        cost = c.cost + sum(q[n] for n in c.successors)
        if cost <= best[0]:
            best = (cost, c, all(n in solved for n in c.successors))
    return best


def never_solved(connectors, q, solved):
    value, marked, _ = revise(connectors, q, solved)
    return value, marked, False


def forgets_the_connector_cost(connectors, q, solved):
    best = (math.inf, None, False)
    for c in connectors:
        cost = sum(q[n] for n in c.successors)
        if cost < best[0]:
            best = (cost, c, all(n in solved for n in c.successors))
    return best


def test_the_forgotten_cost_hint_is_only_for_that_mistake():
    for student in (once_per_successor, last_on_ties, never_solved):
        with pytest.raises(AssertionError) as caught:
            ch02.check_revise(student)
        assert "own cost" not in str(caught.value)


def dead_ends_cost_nothing(connectors, q, solved):
    return (0, None, False) if not connectors else revise(connectors, q, solved)


def returns_only_q(connectors, q, solved):
    return revise(connectors, q, solved).q


def crashes(connectors, q, solved):
    return connectors[0]


@pytest.mark.parametrize(
    ("student", "words"),
    [
        (once_per_successor, "wrong result"),
        (last_on_ties, "wrong result"),
        (never_solved, "wrong result"),
        (forgets_the_connector_cost, "connector's own cost were left out"),
        (dead_ends_cost_nothing, "a dead end"),
        (returns_only_q, "three things"),
        (crashes, "IndexError"),
    ],
)
def test_wrong_revisions_are_caught(student, words):
    assert words in hint(ch02.check_revise, student)


def test_a_revision_right_on_single_nodes_is_also_run_inside_ao_star():
    # a revision that agrees on the hand-made and random single-node cases but keeps
    # state between calls (here: it stops labelling SOLVED after a while)
    calls = []

    def tired(connectors, q, solved):
        calls.append(1)
        value, marked, is_solved = revise(connectors, q, solved)
        return value, marked, is_solved and len(calls) < 2000

    message = hint(ch02.check_revise, tired)
    assert "random graph" in message


def test_a_revision_that_fails_only_inside_ao_star_gets_a_hint():
    calls = []

    def crashes_late(connectors, q, solved):
        calls.append(1)
        if len(calls) > 2000:
            raise RuntimeError("tired")
        return revise(connectors, q, solved)

    assert "raised RuntimeError: tired on the connectors" in hint(ch02.check_revise, crashes_late)
    calls.clear()

    def marks_a_name_late(connectors, q, solved):
        calls.append(1)
        value, marked, is_solved = revise(connectors, q, solved)
        return value, (str(marked) if len(calls) > 2000 else marked), is_solved

    assert "AO* with your revise failed on random graph" in hint(
        ch02.check_revise, marks_a_name_late
    )


def test_the_cost_the_check_expects_is_the_brute_force_optimum_on_every_random_graph():
    # check_revise compares AO*'s cost with h*(n0) from optimal_costs; the brute-force
    # oracle must agree on each of its random graphs, the unsolvable ones included
    unsolvable = 0
    for seed in range(ch02.RANDOM_GRAPHS):
        graph = random_graph(seed, nodes=7 + seed % 4)
        best = optimal_solution_graph(graph, "n0")
        h_star = optimal_costs(graph)["n0"]
        if best is None:
            unsolvable += 1
            assert h_star == math.inf
        else:
            assert h_star == best.cost
    assert 0 < unsolvable < ch02.RANDOM_GRAPHS


# -------------------------------------------------- hints in Chinese
def _q_off_by_one():
    wrong = [dict(q) for q in Q_1]
    wrong[1]["n0"] = 11
    return wrong


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: ch02.check_exercise_1_graph(EXERCISE_1), "你的图的类型应为 AndOrGraph"),
        (
            lambda: ch02.check_exercise_1_graph(
                AndOrGraph.from_rules(EXERCISE_1.replace("R8: n5 -> n7\n", ""))
            ),
            "在你的图中，n5 有 0 个连接符",
        ),
        (
            lambda: ch02.check_exercise_1_graph(
                AndOrGraph.from_rules(EXERCISE_1.replace("n4=3", "n4=1"))
            ),
            r"h\(n4\) 不是题目给出的值",
        ),
        (lambda: ch02.check_exercise_1_cycles(_q_off_by_one()), r"第 2 个循环之后，q\(n0\) 不对"),
        (lambda: ch02.check_exercise_1_cycles(Q_1[:3]), "还没有结束"),
        (lambda: ch02.check_exercise_1_cycles([*Q_1, Q_1[-1]]), r"AO\* 在此之前就停止了"),
        (lambda: ch02.check_exercise_1_solution(["R1", "R4", "R7", "R5"], 8), "不是费用最低"),
        (lambda: ch02.check_exercise_1_solution(["R1", "R3", "R5"], 5), "不是你的解图的费用"),
        (lambda: ch02.check_exercise_1_solution(["R42"], 7), "“R42”既不是规则名"),
        (lambda: ch02.check_exercise_1_solution([], 0), "没有任何连接符"),
        (
            lambda: ch02.check_exercise_1_solution(["R1", "R3"], 7),
            "这不是从 n0 出发的解图：叶节点 n2 不是终止节点",
        ),
        (lambda: ch02.check_revise(forgets_the_connector_cost), "漏掉了连接符本身的费用"),
        (lambda: ch02.check_revise(returns_only_q), "revise 应当返回三样东西"),
        (lambda: ch02.check_revise(dead_ends_cost_nothing), "在 一个没有连接符的节点（死胡同）上"),
        (lambda: ch02.check_revise(once_per_successor), r"（费用 2）.*的节点上给出了错误的结果"),
    ],
)
def test_the_hints_come_out_in_chinese(call, words, chinese):
    with pytest.raises(AssertionError, match=words) as caught:
        call()
    assert "正确" not in str(caught.value)


def test_the_success_line_comes_out_in_chinese(capsys, chinese):
    ch02.check_exercise_1_solution(["R1", "R3", "R5"], 7)
    assert capsys.readouterr().out.strip() == "✔ 正确。"
