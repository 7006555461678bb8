"""The course's languages as data (coursekit.languages): records, and tags looked up."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from coursekit.languages import LOCALE, RECORD, codes, lookup, read_record, record, records
from coursekit.text import language_code, set_language


def test_every_folder_with_a_record_is_a_language_and_the_master_comes_first():
    folders = sorted(path.parent.name for path in LOCALE.glob(f"*/{RECORD}"))
    assert sorted(codes()) == folders
    assert codes()[0] == "en" and {"zh", "zh-Hant"} <= set(codes())


def test_the_two_chinese_editions_are_told_apart():
    simplified, traditional = record("zh"), record("zh-Hant")
    assert (simplified.tag, traditional.tag) == ("zh-Hans", "zh-Hant")
    assert simplified.folder == "zh" and traditional.folder == "zh-Hant"
    assert simplified.fonts[0] == "Noto Sans CJK SC" and traditional.fonts[0] == "Noto Sans CJK TC"
    assert traditional.derived is not None and traditional.derived.source == "zh"
    assert simplified.derived is None


@pytest.mark.parametrize(
    "written, code",
    [
        ("zh-TW", "zh-Hant"),
        ("zh_TW.UTF-8", "zh-Hant"),
        ("zh-HK", "zh-Hant"),
        ("zh_MO", "zh-Hant"),
        ("zh-Hant", "zh-Hant"),
        ("zh-Hant-TW", "zh-Hant"),
        ("ZH-HANT", "zh-Hant"),
        ("zh-Hans-HK", "zh"),  # the script decides before the region
        ("zh-CN", "zh"),
        ("zh_SG.GB2312", "zh"),
        ("zh", "zh"),
        ("en_US.UTF-8@euro", "en"),
    ],
)
def test_taiwan_and_hong_kong_read_the_traditional_edition(written, code):
    assert lookup(written) == code
    assert language_code(written) == code


@pytest.mark.parametrize("written", ["fr", "", "C.UTF-8", "-", "hant"])
def test_a_language_the_course_lacks_is_refused_by_name(written):
    assert lookup(written) is None
    with pytest.raises(ValueError, match="is not one of the course's languages: en, zh, zh-Hant"):
        set_language(written)


names = st.sampled_from([name for language in records() for name in language.names])


@given(names, st.lists(st.sampled_from(["x", "2024", "latn", "valencia"]), max_size=3), st.data())
def test_case_separators_and_extra_subtags_never_change_the_language(name, extra, data):
    """Subtags no record names (a variant, a script, a year) are dropped one by one."""
    wanted = lookup(name)
    written = "".join(data.draw(st.sampled_from([c.lower(), c.upper()])) for c in name)
    written = "_".join([written.replace("-", data.draw(st.sampled_from("-_"))), *extra])
    assert lookup(written) == wanted


def test_a_record_with_a_missing_field_or_a_wrong_folder_is_named(tmp_path):
    folder = tmp_path / "xx"
    folder.mkdir()
    path = folder / RECORD
    path.write_text(json.dumps({"code": "xx", "tag": "xx"}), encoding="utf-8")
    with pytest.raises(ValueError, match=r"xx/language\.json: not a language record"):
        read_record(path)
    path.write_text(
        json.dumps({"code": "yy", "tag": "yy", "name": "Y", "folder": "yy"}), encoding="utf-8"
    )
    with pytest.raises(ValueError, match="its code 'yy' is not its folder's name"):
        read_record(path)
    path.write_text("[1, 2", encoding="utf-8")
    with pytest.raises(ValueError, match="not a language record"):
        read_record(path)
