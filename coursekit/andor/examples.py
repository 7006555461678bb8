"""The course's AND/OR graphs, in the rule notation.

- :data:`COURSE_EXAMPLE` — the worked example of AO* (rewrite rules n0 → n1;
  n0 → n5, n4; …, with its h values, a k-connector costing k);
- :data:`EXERCISE_1` — exercise 1 (rules R1–R8 with their h values, terminal
  set {n6, n7});
- :data:`EXERCISE_2` — exercise 2 (rewriting 6 into ones; h(1) = 0, h(n) = n);
- :func:`splitting_problem` — exercise 2 for any number, as an implicit graph.
"""

from __future__ import annotations

from coursekit.andor.graph import AndOrGraph
from coursekit.andor.implicit import ImplicitAndOrGraph

COURSE_EXAMPLE = """\
# The course's worked example of AO* (a k-connector costs k)
n0 -> n1
n0 -> n5, n4
n1 -> n2
n1 -> n3
n2 -> n3
n2 -> n5, n4
n3 -> n5, n6
n4 -> n5
n4 -> n8
n5 -> n7, n8
n5 -> n6
n6 -> n7, n8
h: n0=0, n1=2, n2=4, n3=4, n4=1, n5=1, n6=2, n7=0, n8=0
terminals: n7, n8
"""

EXERCISE_1 = """\
# Exercise 1: rewrite rules R1–R8 (a k-connector costs k)
R1: n0 -> n1, n2
R2: n0 -> n2, n3
R3: n1 -> n2
R4: n1 -> n4
R5: n2 -> n6, n7
R6: n3 -> n5, n6
R7: n4 -> n2
R8: n5 -> n7
h: n0=0, n1=2, n2=4, n3=4, n4=3, n5=1, n6=0, n7=0
terminals: n6, n7
"""

EXERCISE_2 = """\
# Exercise 2: rewrite 6 into a string of ones (a k-connector costs k)
6 -> 3, 3
6 -> 4, 2
4 -> 3, 1
4 -> 2, 2
3 -> 2, 1
2 -> 1, 1
h: 6=6, 4=4, 3=3, 2=2, 1=0
terminals: 1
"""


def course_example() -> AndOrGraph:
    """The AND/OR graph of the course's worked example, start n0."""
    return AndOrGraph.from_rules(COURSE_EXAMPLE)


def exercise_1() -> AndOrGraph:
    """The AND/OR graph of exercise 1, start n0."""
    return AndOrGraph.from_rules(EXERCISE_1)


def exercise_2() -> AndOrGraph:
    """The AND/OR graph of exercise 2, start 6 (nodes are the strings ``"6"``, ``"4"``, …)."""
    return AndOrGraph.from_rules(EXERCISE_2)


def splitting_problem() -> ImplicitAndOrGraph:
    """Rewrite a number n into ones with the rules n → n − a, a (1 ≤ a ≤ n/2).

    Exercise 2 in general, as an implicit graph: nodes are whole numbers, the
    terminal node is 1, h(1) = 0 and h(n) = n. Every solution graph from n
    costs 2(n − 1), so h is admissible; it is also monotone.

    >>> from coursekit.andor import ao_star
    >>> ao_star(splitting_problem(), 6).cost
    10
    """
    return ImplicitAndOrGraph(
        lambda n: [(n - a, a) for a in range(1, n // 2 + 1)],
        h=lambda n: 0 if n == 1 else n,
        is_terminal=lambda n: n == 1,
    )
