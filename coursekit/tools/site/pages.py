"""The site's own HTML, from Jinja templates (``coursekit/tools/templates/site/``).

Every value put into a page is escaped (autoescaping is on for every template): a chapter's
title, a language's name, a path. What is HTML already — nbconvert's page, mistune's
glossary — goes in as it is, marked ``|safe`` in the template that takes it.

>>> bar = render("site/site_bar.html.j2", others=[], deck="d", slides="<s>", lab="l", run="r")
>>> bar.endswith('<a href="d">&lt;s&gt;</a><a class="ck-launch" href="l">r ▸</a></nav>')
True
"""

from __future__ import annotations

from functools import cache
from typing import Any


@cache
def environment() -> Any:
    """The templates' environment: templates from the package, values escaped."""
    import jinja2  # comes with JupyterLab and nbconvert

    return jinja2.Environment(
        loader=jinja2.PackageLoader("coursekit.tools", "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
    )


def render(name: str, **values: Any) -> str:
    """The template ``name`` (under ``coursekit/tools/templates/``) filled with ``values``."""
    return environment().get_template(name).render(**values)


def text_of(name: str) -> str:
    """A template's text as it is (a style sheet, nothing to fill)."""
    loader = environment().loader
    return loader.get_source(environment(), name)[0]
