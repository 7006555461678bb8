"""The one seam for what a student reads: say(key) in English and Chinese."""

from __future__ import annotations

import json
import re
import string
from pathlib import Path

import pytest

import coursekit
from coursekit.checks import ch00
from coursekit.checks.common import CheckFailed, answered, require_type, run_cases
from coursekit.languages import RECORD, record
from coursekit.text import LANGUAGE_VARIABLE, LANGUAGES, language, say, set_language, table

LOCALE = Path(coursekit.__file__).parent / "locale"
CJK = re.compile(r"[\u4e00-\u9fff]")


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


OTHERS = [code for code in LANGUAGES if code != "en"]  # every edition but the master


@pytest.mark.parametrize("code", OTHERS)
def test_every_table_has_the_masters_keys_and_fields(code):
    english, other = table("en"), table(code)
    assert set(english) == set(other)
    for key, template in english.items():
        assert fields(template) == fields(other[key]), key


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_tables_are_plain_json_objects_of_strings(code):
    paths = sorted(p for p in (LOCALE / code).glob("*.json") if p.name != RECORD)
    assert paths, code
    for path in paths:
        data = json.loads(path.read_text(encoding="utf-8"))
        assert all(isinstance(v, str) for v in data.values()), path


@pytest.mark.parametrize("code", OTHERS)
def test_each_area_has_the_same_files_in_every_language(code):
    english = sorted(p.name for p in (LOCALE / "en").glob("*.json"))
    assert english == sorted(p.name for p in (LOCALE / code).glob("*.json"))


@pytest.mark.parametrize("code", [c for c in OTHERS if record(c).cjk_spacing])
def test_chinese_messages_are_chinese(code):
    for key, template in table(code).items():
        if key != "word.or" and not key.startswith("score.timed") and "{" not in template[:1]:
            words = re.sub(r"<[^>]*>|\{[^}]*\}", "", template)  # "；{note}" has no words
            assert CJK.search(template) or not re.search("[A-Za-z]", words), key


def test_the_language_comes_from_the_call_then_the_environment(monkeypatch):
    set_language(None)
    monkeypatch.delenv(LANGUAGE_VARIABLE, raising=False)
    assert language() == "en"
    monkeypatch.setenv(LANGUAGE_VARIABLE, "zh_CN.UTF-8")
    assert language() == "zh"
    assert say("check.correct") == "✔ 正确。"
    set_language("en")
    assert say("check.correct") == "✔ Correct."
    set_language(None)
    monkeypatch.setenv(LANGUAGE_VARIABLE, "klingon")
    assert language() == "en"  # a wrong variable never breaks a notebook


def test_an_unknown_language_is_named():
    with pytest.raises(ValueError, match="'fr' is not one of the course's languages"):
        set_language("fr")


def test_an_unknown_key_is_a_programming_error():
    with pytest.raises(KeyError, match=r"no message 'check\.nothing'"):
        say("check.nothing")


def test_the_success_line_follows_the_language(capsys, chinese):
    ch00.check_leaf_count(b=3, m=4, answer=81)
    assert capsys.readouterr().out.strip() == "✔ 正确。"


@pytest.mark.parametrize(
    "call, hint",
    [
        (lambda: ch00.check_leaf_count(b=3, m=4, answer=80), "叶节点数少了。提示：每一层"),
        (lambda: ch00.check_node_count(b=3, m=4, answer=1000), "节点数多了。提示：把每一层"),
        (lambda: ch00.check_node_count(b=3, m=4, answer=0), "至少有一个节点"),
        (lambda: ch00.check_affordable_depth(b=40, budget=10**6, answer=-1), "不能是负数"),
        (lambda: ch00.check_affordable_depth(b=40, budget=10**6, answer=9), "太深了"),
        (lambda: ch00.check_affordable_depth(b=40, budget=10**6, answer=1), "太浅了"),
        (
            lambda: ch00.check_tree_size(lambda b, m: b**m),
            r"二元组 \(leaves, nodes\)；你的函数返回的是 1。",
        ),
        (lambda: ch00.check_tree_size(lambda b, m: (1, 1 / 0)), "抛出了 ZeroDivisionError"),
        (
            lambda: ch00.check_tree_size(lambda b, m: (b, m)),
            r"b = 1、m = 0 的完全博弈树上给出了错误的结果（\(1, 0\)）",
        ),
    ],
)
def test_ch00_hints_in_chinese_name_the_case(call, hint, chinese):
    with pytest.raises(CheckFailed, match=hint) as failure:
        call()
    assert "正确" not in str(failure.value)


@pytest.mark.parametrize(
    "call, hint",
    [
        (lambda: answered(None), "还没有作答"),
        (
            lambda: require_type("3", (int, float), "深度"),
            "深度的类型应为 int 或 float，而它",
        ),
        (lambda: run_cases(_unfinished, abs, [(1,)], str), "仍然抛出 NotImplementedError"),
        (lambda: run_cases(_endless, abs, [(1,)], lambda x: f"x = {x}"), "在 x = 1 上无休止地递归"),
    ],
)
def test_the_common_hints_in_chinese(call, hint, chinese):
    with pytest.raises(CheckFailed, match=hint):
        call()


def test_english_hints_are_unchanged():
    set_language("en")
    try:
        with pytest.raises(CheckFailed, match=r"^Too few leaves\. Hint: each level"):
            ch00.check_leaf_count(b=3, m=4, answer=80)
    finally:
        set_language(None)


def _unfinished(x):
    raise NotImplementedError


def _endless(x):
    return _endless(x)


def test_a_by_hand_problem_is_said_in_the_notebooks_language():
    from coursekit.checks import parts

    with pytest.raises(parts.NotLiteral) as error:
        parts.literal_answers("x = y", ("x",))
    assert str(error.value) == "the name y"  # English where it is compared
    assert "而这里发现的是 名字 y。" in parts.by_hand_hint(error.value, lang="zh")
    assert parts.by_hand_hint(error.value, lang="en").endswith("and found the name y.")
