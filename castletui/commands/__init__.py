"""castletui's commands, one module each, loaded by the command line
(castletui/cli.py) through its table ``LATER`` when that command runs:
``castletui --help``, ``calc`` and ``host`` never load the app (nor
textual), and each command loads only what it uses. Each command's module
has ``run(args) -> int``; what several share is ``base`` (no imports: the
refusal every command may raise), ``checks`` and ``folders``.
"""
