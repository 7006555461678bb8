"""Make the shared random cases of the chapter-6 tests importable (`import chapter6_cases`)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # for `import chapter6_cases`
