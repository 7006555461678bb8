"""What a reader of the Chinese edition sees, and the English left in it (issues #24, #36).

:func:`shown_texts` lists every text a student can read in an executed notebook — what its
cells print and display, the messages of the errors they raise, and what its widgets show
(labels, choices, tooltips, captions, step captions, the texts of pictures and the words a
picture's page writes around it) — and :func:`english_words` finds the English in one line
of it: any word of three or more Latin letters that is not code, notation or a name.

What legitimately stays English is listed below, each with its reason. Code: printed
source (``excerpt(…)``), identifiers and calls (``alpha_beta_search``, ``e(p)``),
class names (``TreeExplorer``, ``CheckFailed``), Python's ``True``/``False``/``None``, and,
under a cell's output, any name or string the cell's own code shows (its variables,
``forgiving``, a game's labels ``"top"``) — but never the English of a ``tr("…")`` line.
Notation: words in capitals (MAX, OPEN, PVS), chess moves (Nxf6+), FEN strings, SSS*'s
OPEN states ``(B, live, ∞)``, hex keys. Names: games, programs and people (Connect Four,
OpenSpiel, Knuth). And the course's bilingual form, an English term beside its Chinese
("prepare for drought (防旱)", "掷骰（roll）").
"""

from __future__ import annotations

import ast
import html
import re
from collections.abc import Iterator

import nbformat

from coursekit.draw.graph_view import captions_of

# ----- What stays English, and why -----------------------------------------------------

# A cell that prints the package's own source (chapter 6 shows its code): its output is
# Python, comments and docstrings included, read as code. A notebook's own helper that
# does it (chapter 2's `def show(function)`, built on inspect.getsource) counts too, and
# so does printing a variable that holds such source (chapter 3's `print(source[…])`).
PRINTS_SOURCE = re.compile(r"\bexcerpt\(|\binspect\.getsource\(")
HELPER = re.compile(r"^def (\w+)\(", re.MULTILINE)
HOLDS_SOURCE = re.compile(r"^(\w+) = .*\binspect\.getsource\(", re.MULTILINE)

# Placeholders Jupyter stores as text/plain beside the rich output a student actually
# sees (the HTML, the Markdown, the figure): a repr, not a sentence; and an object's repr
# as the call that makes it, e.g. SmartPigs(food=10, cost=5/2, …), which is code.
PLACEHOLDER = re.compile(
    r"^<(IPython\.core\.display\.\w+ object|Figure size \d+x\d+ with \d+ Axes)>$"
    r"|^[A-Z]\w*\(\w+=.*\)$"
)

# Code inside a line: `backticked`, calls such as ACTIONS(s) or game.utility(state, MAX),
# keyword arguments (depth=6), dotted and snake_case names (alpha_beta_search, n4_name),
# Python strings ("live"), paths, MIME types and URLs.
CODE = re.compile(
    r"`[^`]*`|https?://\S+|\b\w+(?:\.\w+)*\([^()]*\)|\b\w+=\S+|\b\w+(?:[._]\w+)+\b"
    r"|\"[^\"\n]*\"|[\w.+-]+(?:/[\w.+-]+)+"
)

# Class names (TreeExplorer, CheckFailed, NotImplementedError), Python's constants and the
# names of its types (a hint says "类型应为 int，而它的类型是 str").
CLASS_NAME = re.compile(
    r"\b(?=\w*[a-z])(?=[A-Z]\w*[A-Z])\w+|\b(?:True|False|None)\b"
    r"|\b(?:int|float|str|list|tuple|dict|set|frozenset|bool|NoneType|Fraction|function"
    r"|Mapping|Sequence|Iterable|Callable)\b"
)

# A name with a digit in it is a label or notation (B2, n0, UCB1, Star1).
WITH_DIGIT = re.compile(r"\b[A-Za-z]+\d\w*")

# Proper names: games, programs, libraries and people, spelled as they are in any
# language; a program's function after its name ("coursekit solve", "OpenSpiel
# expectiminimax" in a benchmark's table) is its code. The keys of a keyboard are named as
# they are printed on it (a box's hint: "Shift+回车键换行").
PROPER_NAMES = re.compile(
    r"(?:coursekit|OpenSpiel)(?: [a-z_]+(?: \(= [a-z_]+\))?)?"
    r"|Connect Four|Knuth|Moore|Pons|Zobrist|Stockman"
    r"|networkx|Matplotlib|Graphviz|JupyterLab|Python|AlphaGo|Shift|Ctrl"
)

# An SSS*/DUAL* OPEN-list state (node, live|solved, merit): the Chinese chapter 6 keeps
# the statuses live and solved as the algorithm's own words (notebooks/zh/06, OPEN 表).
OPEN_STATE = re.compile(r"\([^(),]+, (?:live|solved), [^()]+\)")

# A word in capitals is an algorithm's, a player's or a list's name (MAX, MIN, OPEN,
# PVS, MCTS, UCT, PROVEBEST, DISPROVEREST), as the Chinese text writes them too.
CAPITALS = re.compile(r"\b[A-Z][A-Z0-9*]+\b")

# Data printed as Python: the quoted strings of a list or tuple (a game's strategy labels,
# [('silent', 'confess')]) are values the code and the checks compare, not prose; and a
# student's own text quoted as Python quotes it ("'nan' 不是数").
QUOTED_ITEM = re.compile(r"(?<=[\[(,{:\s])(['\"])[^'\"\n]*\1(?=[,)\]}:])|'[^'\n]*'")

# A label glossed in Chinese, the course's bilingual form ("prepare for drought (防旱)",
# as "solution graph (解图)" in the English chapters), and a code value glossed the other
# way round ("掷骰（roll）"): a student reads the Chinese.
GLOSSED = re.compile(
    r"[A-Za-z][A-Za-z' -]*[（(][^()（）]*[\u4e00-\u9fff][^()（）]*[)）]"
    r"|(?<=[\u4e00-\u9fff])[（(][A-Za-z][\w ,'-]*[)）]"
)

# Chess moves in standard algebraic notation (Nxf6+, Qxe6, O-O, e8=Q#) and positions in
# Forsyth–Edwards notation: the notation of the chess books in every language.
SAN_MOVE = re.compile(r"\b(?:O-O(?:-O)?|[KQRBN]?[a-h]?[1-8]?x?[a-h][1-8](?:=[QRBN])?)[+#]?")
FEN = re.compile(r"\b[KQkq]{1,4}\b(?= [a-h1-8-]+ \d+ \d+)")

# A hex key (a Zobrist hash: f2e4609ca4c4c859), and a field the page fills in ({error}).
HEX = re.compile(r"\b[0-9a-f]{8,}\b|\{\w+\}")

# Python's own message of an error a student's code raised, quoted in a hint ("你的函数抛出了
# ZeroDivisionError：division by zero"): Python's text, in English as Python writes it.
PYTHON_ERROR = re.compile(
    r"\b[A-Z]\w*(?:Error|Exception|Warning)[:：]\s*[^\u3000-\u303f\u3400-\u9fff\uff00-\uffef]*"
)

# A comment in printed code or rule text (chapter 2's rules), and the rule language's own
# words (h:, terminals:, start:): code, as in the code cells themselves.
COMMENT_LINE = re.compile(r"^#\s|^(?:h|terminals|start):")

# ----- The rule --------------------------------------------------------------------------

CJK = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]")
WORD = re.compile(r"[A-Za-z]{3,}")


def english_words(line: str, code: frozenset[str] = frozenset()) -> list[str]:
    """The English words of ``line`` a Chinese reader would meet: words of three or more
    Latin letters that are not code, notation or names (the module docstring), nor among
    ``code`` (the names and strings of the code cell that printed the line).

    >>> english_words("走步 0：期望值 2.5"), english_words("status = solved；费用 49")
    ([], ['status', 'solved'])
    >>> english_words("倒推值 3，走步 B；`ACTIONS(s)` 与 alpha_beta_search：True")
    []
    >>> english_words("帕累托最优：[('silent', 'silent')]"), english_words("掷骰（roll）")
    ([], [])
    >>> english_words("forgiving 每轮 2.56 分", frozenset({"forgiving"}))
    []
    """
    if COMMENT_LINE.match(line):
        return []
    text = GLOSSED.sub(" ", QUOTED_ITEM.sub(" ", PYTHON_ERROR.sub(" ", line)))
    text = OPEN_STATE.sub(" ", PROPER_NAMES.sub(" ", CODE.sub(" ", text)))
    text = FEN.sub(" ", HEX.sub(" ", WITH_DIGIT.sub(" ", CLASS_NAME.sub(" ", text))))
    text = CAPITALS.sub(" ", SAN_MOVE.sub(" ", text))
    return [word for word in WORD.findall(text) if word not in code]


# ----- What a student reads --------------------------------------------------------------


def code_names(source: str) -> frozenset[str]:
    """The names and string values a code cell shows (its identifiers, its strings), but
    not the English of its ``tr("…")`` lines: what an output may repeat as code.

    >>> sorted(code_names('print(tr("{n} wins", n=len(forgiving)), "top")'))
    ['forgiving', 'len', 'n', 'print', 'top', 'tr']
    """
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return frozenset()
    english = {
        id(node.args[0])
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "tr" and node.args
    }
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name | ast.arg | ast.alias | ast.Attribute | ast.FunctionDef):
            names.add(getattr(node, "id", None) or getattr(node, "arg", None))
            names.update({getattr(node, "attr", None), getattr(node, "name", None)})
        elif isinstance(node, ast.keyword):
            names.add(node.arg)
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in english
        ):
            names.update(WORD.findall(node.value))
    return frozenset(name for part in names if part for name in part.split("."))


def defined_names(source: str) -> frozenset[str]:
    """The functions, classes and variables a code cell defines (a later cell may print them).

    >>> sorted(defined_names("def forgiving(mine):\\n    return 'C'\\nrate = 2"))
    ['forgiving', 'rate']
    """
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return frozenset()
    names = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(target.id for target in node.targets if isinstance(target, ast.Name))
    return frozenset(names)


def _source_printers(cells: list) -> re.Pattern:
    """What marks a cell of this notebook as printing the package's source."""
    helpers = [
        rf"\b{name}\("
        for cell in cells
        if PRINTS_SOURCE.search(cell.source)
        for name in HELPER.findall(cell.source)
    ]
    helpers += [
        rf"\bprint\({name}\b" for cell in cells for name in HOLDS_SOURCE.findall(cell.source)
    ]
    return re.compile("|".join([PRINTS_SOURCE.pattern, *helpers]))


def _page_text(markup: str) -> str:
    """The text a page shows of some HTML: no scripts, styles, SVG metadata or tooltips."""
    page = re.sub(r"(?s)<(script|style|metadata|title)\b.*?</\1>", " ", markup)
    return html.unescape(re.sub(r"<[^>]+>", "\n", page))


def output_texts(output: dict) -> Iterator[str]:
    """The texts of one stored output that a student can read (an error: its message)."""
    if output.get("output_type") == "stream":
        yield output.get("text", "")
    if output.get("output_type") == "error":
        yield output.get("evalue", "")
    data = output.get("data", {})
    for kind in ("text/plain", "text/markdown"):
        if kind in data:
            yield data[kind]
    if "text/html" in data:
        yield _page_text(data["text/html"])


def argument_named(output: dict) -> frozenset[str]:
    """The argument an error's message names first, as the package's messages do
    ("graph：应当是 AndOrGraph…", "depth 必须是整数…"): code, not English.

    >>> sorted(argument_named({"output_type": "error", "evalue": "graph：应当是 AndOrGraph"}))
    ['graph']
    """
    if output.get("output_type") != "error":
        return frozenset()
    return frozenset(re.findall(r"^([A-Za-z_]\w*)(?=：| )", output.get("evalue", "")))


# DOT attributes whose text a picture shows: a label (quoted, HTML-like or a bare word)
DOT_TEXT = re.compile(r'\b(?:x?label|tooltip)=(?:"((?:[^"\\]|\\.)*)"|<(.*?)>(?=[ \]])|(\w+))')

WIDGET_TEXTS = ("description", "tooltip", "placeholder", "caption", "text")
WIDGET_LISTS = ("_options_labels", "tooltips", "titles")
TEXT_INPUTS = ("TextModel", "TextareaModel")  # their value is the student's data


def picture_texts(dot: str) -> Iterator[str]:
    """The texts a DOT source draws: its labels and tooltips."""
    for quoted, markup, bare in DOT_TEXT.findall(dot):
        text = quoted or bare or _page_text(markup)
        yield text.replace("\\n", "\n").replace("\\r", "\n").replace("\\l", "\n")


def widget_texts(state: dict) -> Iterator[str]:
    """What one widget's stored state shows: labels, choices, tooltips, HTML, captions,
    the texts of its pictures and the words its page writes (a GraphView)."""
    for key in WIDGET_TEXTS:
        if isinstance(state.get(key), str):
            yield state[key]
    for key in WIDGET_LISTS:
        yield from (text for text in state.get(key) or [] if isinstance(text, str))
    if isinstance(state.get("value"), str) and state.get("_model_name") not in TEXT_INPUTS:
        yield _page_text(state["value"])
    yield from (text for text in (state.get("words") or {}).values())
    yield from picture_texts(state.get("dot") or "")
    steps = state.get("steps") or {}
    yield from captions_of(steps) if steps else ()
    for changes in (steps.get("items") or {}).values():  # [step, style, label or labels]
        for change in changes if isinstance(changes, list) else []:
            label = change[2] if isinstance(change, list) and len(change) > 2 else []
            yield from [label] if isinstance(label, str) else map(str, label)


def shown_texts(nb: nbformat.NotebookNode) -> Iterator[tuple[str, str, frozenset[str]]]:
    """(where, text, code names allowed) for every text a student can read in an executed
    notebook: each code cell's outputs (the names its code shows and the notebook's code
    defines allowed), then every widget of its stored widget state (no names allowed)."""
    cells = [cell for cell in nb.cells if cell.cell_type == "code"]
    printers = _source_printers(cells)
    defined = frozenset().union(*(defined_names(cell.source) for cell in cells))
    for cell in cells:
        if printers.search(cell.source):
            continue
        code = code_names(cell.source) | defined
        for output in cell.get("outputs", []):
            for text in output_texts(output):
                yield f"cell {cell.get('id')}", text, code | argument_named(output)
    state = nb.metadata.get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {})
    for model in state.get("state", {}).values():
        for text in widget_texts(model.get("state", {})):
            yield f"widget {model.get('model_name')}", text, frozenset()


def english_lines(nb: nbformat.NotebookNode, data: frozenset[str] = frozenset()) -> list[str]:
    """``where: line  [words]`` for every line a student reads that holds English, ``data``
    aside (values the notebook's answers name, such as an exercise game's labels)."""
    found = []
    for where, text, code in shown_texts(nb):
        code = code | data
        for line in text.splitlines():
            line = line.strip()
            if line and not PLACEHOLDER.match(line):
                words = english_words(line, code)
                if words:
                    found.append(f"{where}: {line[:160]}  {words}")
    return sorted(set(found), key=found.index)


def answer_data(notebook: str) -> frozenset[str]:
    """Values a notebook shows that its code passes and its answers type, by the notebook's
    name: chapter and exercise set 01's repeated-game strategies (functions, ranked by their
    names) and the exercise game's players and labels (``pareto = [("top", "left")]``)."""
    if not notebook.startswith("01_"):
        return frozenset()
    from coursekit.checks.public.ch01 import exercise_game
    from coursekit.gametheory import ipd

    game = exercise_game()
    names = [ipd.name_of(strategy) for strategy in ipd.CLASSIC]
    return frozenset([*names, *game.row_labels, *game.col_labels, *game.players])
