"""``python -m eightlab``: see :mod:`eightlab.cli`."""

import sys

from eightlab.cli import main

sys.exit(main())
