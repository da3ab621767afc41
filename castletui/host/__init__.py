"""``castletui host``: castletui's own SSH server, so friends play with one
``ssh`` command and no Unix accounts. command.py (the command line),
server.py (asyncssh: who gets in, what is refused, the limits), players.py
(the players file), keys.py (the host key), sessions.py (a player's
castletui in its own pseudo-terminal), seat.py (what that child runs),
prompt.py (a new key's name, with --open)."""

import warnings

# asyncssh names cryptography's DSA classes as it loads, and cryptography
# warns that it will drop them: five lines at every start of the host, which
# offers no DSA key and accepts none (asyncssh's to change, not the host
# user's). pyproject.toml's test settings name the same warning.
warnings.filterwarnings("ignore", message="DSA is deprecated", module="asyncssh")
