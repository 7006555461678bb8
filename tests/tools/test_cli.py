"""The `coursekit` command: every sub-command loads, and only the one being run is imported."""

from __future__ import annotations

import subprocess
import sys

import pytest

from coursekit.tools.cli import COMMANDS, main


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_command_has_help(command, capsys):
    with pytest.raises(SystemExit) as done:
        main([command, "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: coursekit {command}")
    assert len(out.splitlines()) < 60, "the description should be a paragraph, not a manual"


def test_no_command_prints_the_list_and_fails(capsys):
    assert main([]) == 2
    err = capsys.readouterr().err
    assert all(name in err for name in COMMANDS)


def test_the_version_and_the_command_list_import_no_command_module():
    code = (
        "import sys\n"
        "from coursekit.tools.cli import build_parser\n"
        "build_parser(None).format_help()\n"
        "heavy = ('nbformat', 'nbclient', 'coursekit.tools.')\n"
        "print(sorted(m for m in sys.modules if m.startswith(heavy)))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "['coursekit.tools.cli']"


def test_commands_skip_the_slow_optional_import_of_notebook_validation():
    code = (
        "import sys\n"
        "from coursekit.tools.cli import main\n"
        "status = main(['release', '--check'])\n"
        "import nbformat\n"
        "print(status, sys.modules['rfc3987_syntax'])"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split()[-2:] == ["0", "None"]
