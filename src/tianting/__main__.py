"""``python -m tianting`` is the ``tianting`` command."""

from tianting.cli import main

raise SystemExit(main())
