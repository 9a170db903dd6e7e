"""``python -m reversis``: see :mod:`reversis.cli`."""

import sys

from reversis.cli import main

sys.exit(main())
