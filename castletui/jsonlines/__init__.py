"""Play by JSON lines: a game as one JSON object a line on stdin/stdout,
so that a program in any language can take a seat (issue #48, item 2).

- protocol.py: the messages and their words (version, decision, log,
  error, undone, refused, end) and how an answer (a choice, or an undo)
  is read;
- choices.py: the legal choices of a seat, each with a stable id (the
  action as a save holds it) and its words; a mini-game's action (Catapult
  Castle's aim) made with the seat's steady hand;
- schema.py: each game's view schema (``msgspec.json.schema`` of its
  scene type), its version and the hash that pins it;
- news.py: what happened since a seat last looked, as that seat may read it;
- messages.py: the start, decision and end messages made from a session;
- conversation.py: the game loop over the headless driver, for the
  person seats ``--json`` gives to stdin/stdout, and their undo;
- program.py: a program as a seat (``--seat N=exec:COMMAND``), refused and
  replaced by the built-in bot when it answers nonsense, too late or dies;
- seats.py: the seats ``--seat`` gives to programs, checked and attached;
- command.py: ``new/resume --json``, ``--seat`` and ``castletui schema``.

No textual here but in app.py (the app with program seats).
"""
