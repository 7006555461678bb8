"""Exercise set 02's encoders, run beside the student's code while it is graded (no answers here).

AND/OR graphs and connectors become plain data there; the grader builds fresh
objects from that data (``coursekit.checks.ch02``).
"""

from __future__ import annotations

from typing import Any

from coursekit.andor.graph import AndOrGraph, Connector


def _connector_data(c: Connector) -> dict:
    return {"Connector": [c.parent, list(c.successors), c.cost, c.name]}


def graph_data(value: Any) -> Any:
    """Graphs and connectors as plain data; other values unchanged (lists and tuples searched)."""
    if isinstance(value, AndOrGraph):
        return {
            "AndOrGraph": {
                "connectors": [_connector_data(c) for c in value.connectors],
                "h": dict(value.h),
                "terminals": list(value.terminals),
                "start": value.start,
            }
        }
    if isinstance(value, Connector):
        return _connector_data(value)
    if isinstance(value, (tuple, list)):
        return type(value)(graph_data(v) for v in value)
    return value
