"""``python -m castletui`` runs the command line."""

from castletui.cli import main

raise SystemExit(main())
