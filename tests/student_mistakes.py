"""Typical student mistakes, by exercise set and answer cell: what a student might type.

``tests/test_chinese_edition.py`` writes them into the Chinese exercise notebooks
(``exercises/zh/``) as a student would, runs each notebook top to bottom and reads every
hint, message and output for English; and feeds ``WIDGET_MISTAKES`` to the Chinese widgets.
Each answer cell has a few mistakes: a wrong type, a wrong value, a near miss; the k-th run
of a set uses the k-th mistake of every cell (the last one again when a cell has fewer).
"""

from __future__ import annotations

MISTAKES: dict[str, dict[str, list[str]]] = {
    "00_start_here": {
        "q1-answer": ['leaves = "1024"', "leaves = 4 * 5", "leaves = 1024.5"],
        "q2-answer": ["nodes = 3 ** 6", "nodes = [1, 3, 9]", "nodes = True"],
        "q3-answer": [
            "def complete_tree_size(b, m):\n    return b ** m",
            "def complete_tree_size(b, m):\n    return b ** m, b ** m",
            "def complete_tree_size(b, m):\n    return 1 / (b - b)",
        ],
        "q4-answer": ['depth = "7"', "depth = 8", "depth = 6.5"],
    },
    "01_game_theory": {
        "22ca2950": [
            "def pure_nash(A, B):\n    return []",
            'def pure_nash(A, B):\n    return "none"',
            "def pure_nash(A, B):\n    return [(0, 0, 0)]",
        ],
        "c514a43c": ['steps = ["middle"]', 'steps = "bottom"', 'steps = ["down"]'],
        "793d827b": [
            'pareto = [("top", "up")]\ncollective = []',
            'pareto = "top"\ncollective = 3',
            'pareto = [("top", "left")]\ncollective = [("top", "left")]',
        ],
        "ea4efb64": [
            "rules = SmartPigs()\npress_probabilities = (0.5, 0.5)",
            'rules = "narrow"\npress_probabilities = 1',
            "rules = SmartPigs(head_start=(10, 1))\npress_probabilities = (1, 0)",
        ],
        "930dc6ac": [
            "def mixed_2x2(A, B):\n    return Fraction(1, 3), Fraction(1, 2)",
            "def mixed_2x2(A, B):\n    return None",
            'def mixed_2x2(A, B):\n    return "p", "q"',
        ],
    },
    "02_and_or_graphs": {
        "76effe8a": [
            'graph_1 = "n0 -> n1"',
            'graph_1 = AndOrGraph.from_rules("n0 -> n1, n2\\nterminals: n1, n2")',
            "graph_1 = 42",
        ],
        "d9a5cd67": [
            'q_cycles_1 = [{"n0": 1}]',
            'q_cycles_1 = {"n0": 1}',
            'q_cycles_1 = [{"n0": "x"}]',
        ],
        "849b4fe8": [
            'best_1 = ["R1"]\ncost_1 = 3',
            'best_1 = "R9"\ncost_1 = "3"',
            "best_1 = []\ncost_1 = -1",
        ],
        "2219a66c": ['graph_2 = "6 -> 3, 3"', "graph_2 = None", "graph_2 = [1, 2]"],
        "73d0c11a": ['q_cycles_2 = [{"6": 0}]', "q_cycles_2 = 5", 'q_cycles_2 = [{"zz": 1}]'],
        "e3dfceb8": ['best_2 = ["6 -> 3, 3"]\ncost_2 = 2', "best_2 = 7\ncost_2 = None"],
        "38346dbf": [
            "def revise(connectors, q, solved):\n    return 0, None, False",
            "def revise(connectors, q, solved):\n    return None",
            "def revise(connectors, q, solved):\n    return 1, 2",
        ],
    },
    "03_minimax": {
        "d24d8504": [
            'values = {"A": 3}\nmove = "B"',
            "values = [3]\nmove = 3",
            'values = {"A": "3", "B": 3}\nmove = "Z"',
        ],
        "1f65dca3": ["e_values = [1, 2]", 'e_values = "1, 2, 3, 4"', "e_values = [0, 0, 0, 0]"],
        "935f2196": [
            "def minimax_value(game, state):\n    return 0",
            'def minimax_value(game, state):\n    return "3"',
            "def minimax_value(game, state):\n"
            "    if game.is_terminal(state):\n"
            "        return game.utility(state, game.to_move(state))\n"
            "    children = (game.result(state, a) for a in game.actions(state))\n"
            "    return max(minimax_value(game, child) for child in children)",
        ],
        "5f417ed4": [
            "def count_distinct(state):\n    return 0",
            'def count_distinct(state):\n    return "nine"',
        ],
        "62f7bd6d": ["counts = {1: (9, 3)}", "counts = [9, 3]", "counts = {1: 9}"],
    },
    "04_alphabeta": {
        "26321cea": ['values = {"A": 3}\nmove = "B"', "values = 3\nmove = None"],
        "e8309671": ['pruned = {"B2"}', 'pruned = "B2"', 'pruned = {"Z9"}'],
        "9758d406": [
            "def alphabeta_value(game, state, alpha=-math.inf, beta=math.inf):\n    return 0",
            "def alphabeta_value(game, state, alpha=-math.inf, beta=math.inf):\n    return None",
        ],
        "770fda95": [
            "ordered = [[1, 2], [3]]",
            'ordered = "tree"',
            "ordered = ORDER_TREE.to_nested()",
        ],
        "1385ee71": [
            'alpha_cut = {"B1a1b2"}\nbeta_cut = set()\ndeck_value = 0\ndeck_move = "C"',
            'alpha_cut = "x"\nbeta_cut = 1\ndeck_value = "4"\ndeck_move = 5',
        ],
    },
    "05_evaluation_functions": {
        "cell-04": [
            "def material_count(fen):\n    return 39, 39",
            'def material_count(fen):\n    return "39"',
            "def material_count(fen):\n    return (0,)",
        ],
        "cell-08": ["def my_evaluation(state):\n    return None"],
        "cell-12": ['unquiet = {"A"}', 'unquiet = "A"', 'unquiet = {"Q"}'],
    },
    "06_beyond_alphabeta": {
        "8dc50dd0": [
            "def negamax_value(game, state):\n"
            "    if game.is_terminal(state):\n"
            "        return game.utility(state, game.to_move(state))\n"
            "    children = (game.result(state, a) for a in game.actions(state))\n"
            "    return max(negamax_value(game, child) for child in children)",
            "def negamax_value(game, state):\n    return None",
        ],
        "9a70ce6b": [
            "def table_value(game, state, alpha, beta, table):\n    return 0",
            'def table_value(game, state, alpha, beta, table):\n    return "v"',
        ],
        "89c2cd24": ['prediction = "less"', "prediction = 3", 'prediction = "more"'],
        "d4d4f436": [
            "nodes_without = 10\nnodes_with = 20",
            'nodes_without = "10"\nnodes_with = None',
        ],
        "f88b9863": [
            'asp_outcome = "low"\nasp_bound = 1\nasp_searches = 1\nasp_value = 0',
            'asp_outcome = "fail high"\nasp_bound = "x"\nasp_searches = 2.5\nasp_value = None',
        ],
        "062fb9dd": [
            'pvs_researched = {"B", "C", "D"}\npvs_value = 0',
            'pvs_researched = "B"\npvs_value = "0"',
        ],
        "0b074b00": [
            "mtdf_values = [4]",
            'mtdf_values = "4, 2"',
            "mtdf_values = [4, 3, 2, 1, 0, -1]",
        ],
        "fd7a9714": [
            'sss_open = [("B", "live", 3)]',
            'sss_open = "B"',
            'sss_open = [("Z", "dead", math.inf)]',
        ],
        "654883ba": [
            "bstar_proved = [1, 1, 1, 1, 1]",
            "bstar_proved = None",
            "bstar_proved = [None] * 3",
        ],
    },
    "07_chance_and_mcts": {
        "e76ae092": [
            "values = [1, 2, 3]\nmove = 0",
            'values = "1"\nmove = "left"',
            "from fractions import Fraction\nvalues = [Fraction(1, 3), 2, 3]\nmove = 7",
        ],
        "b95a296b": [
            'ucb = {"a": 1, "b": 2, "c": 3}\nselected = "a"',
            'ucb = [1, 2]\nselected = "z"',
        ],
        "5643c2f1": ['after = {"root": (1, 2)}', "after = 3"],
        "25faaa8e": [
            "def expectiminimax_value(game, state):\n    return 0",
            "def expectiminimax_value(game, state):\n    return None",
        ],
    },
}

# Bad input into the Chinese widgets: (widget class, constructor keywords, what to do to it).
# What to do: ("set", attribute, value) sets a control's value; ("call", method, argument)
# calls a method (a move on a board); all of them one after the other.
WIDGET_MISTAKES: list[tuple[str, dict, list[tuple[str, str, object]]]] = [
    ("TreeExplorer", {}, [("set", "text", "[[1, 2], [3"), ("set", "text", "[1, 'a']")]),
    ("TreeExplorer", {}, [("set", "text", "[]"), ("set", "text", "[[1; 2], [3, 4]]")]),
    ("TreeExplorer", {}, [("set", "algorithm", "SSS*"), ("set", "text", "[[1, 2], [3, nan]]")]),
    ("AlgorithmComparison", {}, [("set", "tree_input", "[[1, 2], [3")]),
    ("AlgorithmComparison", {}, [("set", "source", "typed"), ("set", "tree_input", " ")]),
    ("AOStarExplorer", {}, [("set", "rules", "n0 -> n1 n2")]),
    ("AOStarExplorer", {}, [("set", "rules", "n0 -> n1, n2\nh: n1=x")]),
    ("AOStarExplorer", {}, [("set", "rules", "n0 -> n1\nn1 -> n0\nterminals: n2")]),
    ("PayoffEditor", {}, [("set", "text", "1, 2 | 3\n4, 5")]),
    ("PayoffEditor", {}, [("set", "text", "a, b | c, d")]),
    ("BStarExplorer", {}, [("set", "text", "(0, 10, [(1, 2)])")]),
    ("TicTacToeBoard", {}, [("call", "play", 4), ("call", "play", 4)]),
    ("ConnectFourBoard", {"depth": 1}, [("call", "play", 3)] * 7),
]
