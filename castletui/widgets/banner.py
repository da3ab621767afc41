"""The castle drawn on the main menu (plain ASCII only, so it shows the same
over any SSH connection and in any font)."""

BANNER = r"""
 |>                                        |>
_|_ _   _   _   _   _   _   _   _   _   _ _|_
|   |_| |_| |_| |_| |_| |_| |_| |_| |_| |   |
| o |         c a s t l e t u i         | o |
|   |                _____              |   |
|___|_______________|     |_____________|___|
""".strip("\n")
