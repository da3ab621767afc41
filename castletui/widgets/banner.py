"""The castle drawn on the main menu (plain box-drawing characters only, so
it shows the same over any SSH connection)."""

BANNER = r"""
   |>>>                         |>>>
   |     _  _|_  _              |
  _|_   |;|_|;|_|;|            _|_
 |;;;|  \\.    .  /           |;;;|
 |;;;|   \\:   . /  castletui |;;;|
 |;;;|___||:   .|____________|;;;|
""".strip("\n")
