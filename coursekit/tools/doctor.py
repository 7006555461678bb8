"""Check that this machine can run the course, one line per item, with the fix when not.

Checks Python, the coursekit package, the picture layer (anywidget and the
vendored WebAssembly Graphviz), the JupyterLab widgets extension and that a
Jupyter kernel starts and imports coursekit. Graphviz's ``dot`` is optional
(pictures are drawn in the browser; ``dot`` only exports them as files), and so
is a font for each language whose record names fonts (the Chinese editions; found
with ``fc-list :lang=…`` or matplotlib's font manager): their lines say so, with
the way to get one, and never fail the check. Exits with status 1 when anything
needs fixing.
"""

from __future__ import annotations

import argparse
import functools
import platform
import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from coursekit.languages import Language, records

MIN_PYTHON = (3, 10)
WIDGETS_EXTENSION = "@jupyter-widgets/jupyterlab-manager"
KERNEL_PROBE = "import coursekit"


@dataclass(frozen=True)
class Finding:
    """The outcome of one check: what was found, and how to fix it when ``ok`` is False."""

    name: str
    ok: bool
    detail: str
    fix: str = ""
    optional: bool = False  # missing is fine: the line says what it would add

    def line(self) -> str:
        status = "[ok]  " if self.ok else "[opt] " if self.optional else "[FAIL]"
        text = f"{status} {self.name}: {self.detail}"
        if self.ok:
            return text
        return f"{text} -- to add it: {self.fix}" if self.optional else f"{text} -- fix: {self.fix}"

    @property
    def passed(self) -> bool:
        """True unless something needed is missing."""
        return self.ok or self.optional


def check_python() -> Finding:
    version = platform.python_version()
    if sys.version_info[:2] >= MIN_PYTHON:
        return Finding("Python", True, f"{version} ({sys.executable})")
    need = ".".join(map(str, MIN_PYTHON))
    return Finding("Python", False, f"{version} is too old", f"install Python {need} or newer")


def check_package() -> Finding:
    import coursekit

    where = Path(coursekit.__file__).parent
    return Finding("coursekit", True, f"{coursekit.__version__} ({where})")


def install_graphviz_hint() -> str:
    if sys.platform == "darwin":
        return "brew install graphviz (or conda install -c conda-forge graphviz)"
    if shutil.which("apt-get"):
        return "sudo apt-get install graphviz (or conda install -c conda-forge graphviz)"
    return "install Graphviz from https://graphviz.org/download/ and put `dot` on the PATH"


OPTIONAL_DOT = "optional, only for exporting pictures as PNG/PDF"


def check_pictures() -> Finding:
    """anywidget imports and the vendored WebAssembly Graphviz matches its checksum."""
    try:
        import anywidget  # noqa: F401

        from coursekit.draw.graph_view import LIBRARY_RECORD, library_code

        library_code()
    except (ImportError, ValueError, OSError) as error:
        return Finding(
            "Pictures", False, f"the browser picture layer is broken ({error})", REINSTALL
        )
    import json

    record = json.loads(LIBRARY_RECORD.read_text())
    return Finding(
        "Pictures", True, f"drawn in the browser by {record['package']} {record['version']}"
    )


REINSTALL = f'{sys.executable} -m pip install -e ".[lab,dev]" in the course folder'


def check_dot() -> Finding:
    dot = shutil.which("dot")
    if dot is None:
        return Finding(
            "Graphviz",
            False,
            f"`dot` not found on PATH ({OPTIONAL_DOT})",
            install_graphviz_hint(),
            optional=True,
        )
    try:
        done = subprocess.run([dot, "-V"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired) as error:
        return Finding(
            "Graphviz",
            False,
            f"`{dot} -V` failed ({error}; {OPTIONAL_DOT})",
            install_graphviz_hint(),
            optional=True,
        )
    if done.returncode != 0:
        return Finding(
            "Graphviz",
            False,
            f"`{dot} -V` exited {done.returncode} ({OPTIONAL_DOT})",
            install_graphviz_hint(),
            optional=True,
        )
    version = (done.stderr or done.stdout).strip().splitlines()[0]
    return Finding("Graphviz", True, f"{version} ({dot})")


def check_sandbox() -> Finding:
    """Whether student code can be sealed off here (needed only to grade or run a tournament)."""
    from coursekit.tools.sandbox.process import control_groups_problem, sandbox_problem

    name = "Sandbox (grading, tournaments)"
    problem = sandbox_problem()
    if problem is not None:
        fix = "apt-get install -y bubblewrap (only instructors who grade need it)"
        return Finding(name, False, problem, fix, optional=True)
    groups = control_groups_problem()
    whole = "memory of each tree bounded" if groups is None else f"memory per process: {groups}"
    return Finding(name, True, f"bubblewrap and the system-call filter run ({whole})")


def check_widgets_extension() -> Finding:
    from jupyter_core.paths import jupyter_path

    for folder in jupyter_path("labextensions"):
        manifest = Path(folder, WIDGETS_EXTENSION, "package.json")
        if manifest.is_file():
            return Finding("JupyterLab widgets", True, f"{WIDGETS_EXTENSION} ({manifest.parent})")
    return Finding(
        "JupyterLab widgets",
        False,
        f"extension {WIDGETS_EXTENSION} not installed",
        f'{sys.executable} -m pip install "ipywidgets>=8.1" jupyterlab_widgets',
    )


def check_kernel(timeout: float = 60) -> Finding:
    from jupyter_client.manager import start_new_kernel

    fix = f"{sys.executable} -m pip install --force-reinstall ipykernel"
    # without its warning about TCP on localhost (as coursekit.tools.notebooks.execute.QUIET_KERNEL)
    quiet = ["--IPKernelApp.log_level=ERROR"]
    try:
        manager, client = start_new_kernel(
            kernel_name="python3", startup_timeout=timeout, extra_arguments=quiet
        )
    except Exception as error:  # any failure to start is the finding itself
        return Finding("Jupyter kernel", False, f"python3 kernel did not start ({error})", fix)
    try:
        reply = client.execute_interactive(
            KERNEL_PROBE, timeout=timeout, output_hook=lambda msg: None
        )
        ok = reply["content"]["status"] == "ok"
    except Exception as error:
        return Finding("Jupyter kernel", False, f"kernel did not answer ({error})", fix)
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)
    if not ok:
        return Finding(
            "Jupyter kernel",
            False,
            "the kernel cannot import coursekit",
            f'{sys.executable} -m pip install -e ".[lab,dev]" in the course folder',
        )
    return Finding("Jupyter kernel", True, "python3 starts and imports coursekit")


def install_font_hint(language: Language) -> str:
    """How to get a font for ``language`` here (its record names the fonts)."""
    if sys.platform == "darwin":
        built_in = next((f for f in language.fonts if f.startswith("PingFang")), "PingFang")
        return f"macOS has {built_in} built in; check Font Book that it is not disabled"
    if sys.platform == "win32":
        built_in = next((f for f in language.fonts if f.startswith("Microsoft")), "its font")
        return f"Windows has {built_in} built in; add the language pack if it is missing"
    if shutil.which("apt-get"):
        return "sudo apt-get install fonts-noto-cjk (then restart the browser)"
    return (
        f"install {language.fonts[0]} from https://github.com/notofonts/noto-cjk "
        "(then restart the browser)"
    )


def installed_fonts(language: Language) -> list[str]:
    """Fonts with ``language``'s characters: from fontconfig (``fc-list :lang=zh-tw``, by
    the record's tag or an alias) where it exists, else those of the record's fonts that
    matplotlib's font manager finds."""
    fc_list = shutil.which("fc-list")
    for tag in (language.tag, *language.aliases) if fc_list else ():
        try:
            done = subprocess.run(
                [fc_list, f":lang={tag.lower()}", "family"],
                capture_output=True,
                text=True,
                timeout=30,
            )
        except (OSError, subprocess.TimeoutExpired):
            break
        names = {name.strip() for line in done.stdout.splitlines() for name in line.split(",")}
        if done.returncode == 0 and any(names):
            return sorted(name for name in names if name)
    try:
        from matplotlib import font_manager
    except ImportError:
        return []
    names = {font.name for font in font_manager.fontManager.ttflist}
    return [name for name in language.fonts if name in names]


def check_font(language: Language) -> Finding:
    """A font with ``language``'s characters, without which its notebooks show empty boxes."""
    what = f"font for {language.name} ({language.code})"
    fonts = installed_fonts(language)
    if not fonts:
        return Finding(
            what,
            False,
            "no font with its characters found (its notebooks would show boxes)",
            install_font_hint(language),
            optional=True,
        )
    preferred = [name for name in language.fonts if name in fonts]
    return Finding(what, True, (preferred or fonts)[0])


def font_checks() -> list[Callable[[], Finding]]:
    """One font check per language whose record names fonts (the Chinese editions)."""
    return [functools.partial(check_font, language) for language in records() if language.fonts]


CHECKS: list[Callable[[], Finding]] = [
    check_python,
    check_package,
    check_pictures,
    check_dot,
    check_sandbox,
    *font_checks(),
    check_widgets_extension,
    check_kernel,
]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--skip-kernel", action="store_true", help="do not start a kernel (faster)")


def run(args: argparse.Namespace) -> int:
    checks = [c for c in CHECKS if not (args.skip_kernel and c is check_kernel)]
    all_ok = True
    for check in checks:
        finding = check()
        print(finding.line(), flush=True)
        all_ok &= finding.passed
    return 0 if all_ok else 1
