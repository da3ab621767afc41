"""The app's screens: menu, new-game wizard, load, rules reference, help,
dialogs, the generic game frame and one module per game."""
