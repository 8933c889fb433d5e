"""git's smudge filter for ``notebooks/*.ipynb``: the kernel's ``language_info`` put back.

The clean filter (nbstripout, set up by the Makefile) keeps only its name; this filter
writes back the record this Python's kernel reports, so JupyterLab opens a notebook
unmodified. Run by git as ``python -m eightlab.runner.gitfilter`` (stdin to stdout).
"""

from __future__ import annotations

import json
import sys


def language_info() -> dict:
    """The ``language_info`` this Python's IPython kernel reports (ipykernel's, by value)."""
    return {
        "codemirror_mode": {"name": "ipython", "version": sys.version_info[0]},
        "file_extension": ".py",
        "mimetype": "text/x-python",
        "name": "python",
        "nbconvert_exporter": "python",
        "pygments_lexer": f"ipython{sys.version_info[0]}",
        "version": sys.version.split()[0],
    }


def smudge(text: str) -> str:
    """The notebook ``text`` with :func:`language_info` in its metadata (else unchanged)."""
    try:
        notebook = json.loads(text)
        metadata = notebook["metadata"]
    except (ValueError, KeyError, TypeError):
        return text
    if not isinstance(metadata, dict) or metadata.get("kernelspec", {}).get("language") != "python":
        return text
    metadata["language_info"] = language_info()
    return json.dumps(notebook, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def main() -> int:
    """Filter standard input to standard output (what git runs)."""
    data = sys.stdin.buffer.read().decode("utf-8", errors="surrogateescape")
    sys.stdout.buffer.write(smudge(data).encode("utf-8", errors="surrogateescape"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
