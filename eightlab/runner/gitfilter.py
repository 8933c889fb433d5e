"""git's smudge filter for ``notebooks/*.ipynb``: the kernel's ``language_info`` put back.

The clean filter (nbstripout, set up by the Makefile) keeps only the name of a
notebook's ``metadata.language_info``, so a notebook saved after a run reads as the
committed one whatever Python ran it. The kernel writes the whole record again when it
connects, and JupyterLab then shows a freshly opened notebook as modified. This filter
runs when git writes a notebook into the working tree and puts back the record this
Python's kernel reports (:func:`language_info`, as ipykernel writes it), so a notebook
opens unmodified; the clean filter takes it out again on ``git add``.

Run by git as ``python -m eightlab.runner.gitfilter`` (standard input to standard
output). Input that is not a notebook passes through unchanged.
"""

from __future__ import annotations

import json
import sys


def language_info() -> dict:
    """The ``language_info`` this Python's IPython kernel reports (ipykernel's, by value).

    Returns
    -------
    dict
        name, version, mimetype, codemirror_mode, pygments_lexer, nbconvert_exporter and
        file_extension; ``tests/test_runner_faults.py`` checks it against ipykernel's.
    """
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
